export * from './enums';
export * from './limits';
export * from './messages';
export * from './types';
export * from './contract';
export * from './login-code';
export * from './http-headers';
export * from './notification-routes';
