// Options every function shares, set before any function is defined (index.ts imports this first).
// maxInstances caps what a flood of anonymous calls can cost: at most this many instances of each.
import { setGlobalOptions } from 'firebase-functions/v2/options';
import { FUNCTIONS_REGION } from '../../../contract/constants';

export const MAX_INSTANCES = 10;
setGlobalOptions({ region: FUNCTIONS_REGION, maxInstances: MAX_INSTANCES });
