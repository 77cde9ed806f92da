export * from './account';
export * from './auth';
export * from './bus';
export * from './common';
export * from './enums';
export * from './health';
export * from './jobs';
export * from './show';
