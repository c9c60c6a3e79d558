// Loaded with the first toast, together with its stylesheet (kept out of the render-blocking CSS).
import 'react-toastify/ReactToastify.css';

export { ToastContainer as default } from 'react-toastify/unstyled';
