export * from './poll';
export * from './outbox';
export * from './sign-in';
