export * from './enums';
export * from './limits';
export * from './messages';
export * from './types';
