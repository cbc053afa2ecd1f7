// The school's calendar date: one definition, in the contract, for the app and the functions.
export { schoolToday } from '../../../contract/schedule';
