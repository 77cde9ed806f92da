export { describeRefusingRule } from './describe';
export { builtInRefusals, type Decision, type ItemFacts } from './decide';
export type { Judge } from './judge';
export { eligibility } from './plugin';
export type { RefusalCounter } from './refusals';
export { refusalsOfShow } from './refusals.repository';
