import { callables } from '../../../contract/callables';
import { loadRoles } from '../data/roles';
import { callable } from '../lib/callable';

export const roles = callable(callables.roles, async (_payload, { uid }) => loadRoles(uid!));
