// The public forms' confirmation (decision 070), fetched when a form is sent. Loaded from here, the app chunk, whose
// import helper and stylesheet list the page chunks of the forms then need not carry.
import { lazy } from 'react';

export const loadFormConfirmation = () => import('../components/form-confirmation');
export const FormConfirmation = lazy(loadFormConfirmation);
