export { takeTurn } from './lock';
export * from './registry';
export { type Background, type BackgroundStart, backgroundIn, every, onBackgroundStart } from './start';
