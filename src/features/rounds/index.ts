// The registration rounds' pieces other features show: the office's card on a semester's page.
export { RoundCard } from './RoundCard';
