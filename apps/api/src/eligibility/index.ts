export { builtInRefusals, type Decision, type ItemFacts } from './decide';
export { describeRefusingRule } from './describe';
export type { Judge } from './judge';
export { eligibility } from './plugin';
export type { RefusalCounter } from './refusals';
export { refusalsOfShow } from './refusals.repository';
