// What the teaching feature offers other features: the field records as the office's files.
export { dayCsvRows } from './fieldCsv';
