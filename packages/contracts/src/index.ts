export * from './api/cases';
export * from './api/client-config';
export * from './api/health';
export * from './api/profile';
export * from './api/session';
export * from './api/stats';
export * from './errors';
export * from './routes';
