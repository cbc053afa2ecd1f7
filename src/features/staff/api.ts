// The staff and their roles, and the audit trail: the admin's pages.
import type { Payload } from '../../../contract/callables';
import { useCallMutation } from '../../lib/mutation';
import { useCallQuery } from '../../lib/query';

export const useAdminStaff = () => useCallQuery('adminStaff');
export const useSaveStaff = () => useCallMutation('adminSaveStaff');
export const useAdminAudit = (filter: Payload<'adminAudit'>) => useCallQuery('adminAudit', filter);
