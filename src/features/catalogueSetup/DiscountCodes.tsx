// /admin/classes/management/discounts: the list of codes, and the form of one (DiscountForm.tsx).
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { isSiblingRule, type Discount } from '../../../contract/domain';
import { schoolToday } from '../../../contract/schedule';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { EditById } from '../../components/EditById';
import { EnumField } from '../../components/EnumField';
import { useAdminDiscounts, useDeleteDiscount } from './api';
import { deleteBy, EditAndDelete } from '../../components/EditForm';
import { describeDiscount } from './describeDiscount';
import { blank, DiscountForm } from './DiscountForm';
import { NewLink } from '../../components/NewLink';

const SHOWN = ['active', 'inactive', 'all'] as const;
type Shown = (typeof SHOWN)[number];
const SHOWN_LABELS: Record<Shown, string> = { active: 'Active codes', inactive: 'Inactive codes', all: 'All codes' };

/** " Limit: 3 of 10 uses taken; 1 per family." (checkouts in progress count until they lapse). */
function limitsText(d: Discount, taken: number): string {
  const parts = [
    ...(d.maxUses != null ? [`${taken} of ${d.maxUses} uses taken`] : []),
    ...(d.maxUsesPerFamily != null ? [`${d.maxUsesPerFamily} per family`] : []),
  ];
  return parts.length ? ` Limit: ${parts.join('; ')}.` : '';
}

/** /admin/classes/management/discounts: the discount codes. */
export default function DiscountCodes() {
  const [state, reload] = useAdminDiscounts();
  const [filter, setFilter] = useState<Shown>('active');
  const remove = useDeleteDiscount();
  if (state.status === 'loading') return <PageLoading />;
  if (state.status === 'error') return <LoadError error={state.error} onRetry={reload} />;
  const { names, uses, counted } = state.value;
  const name = (id: string) => names[id] ?? 'a class no longer offered';
  const today = schoolToday();
  const shown = state.value.discounts.filter((d) => filter === 'all' || d.active === (filter === 'active'));
  return (
    <div className="page admin-page">
      <h1>Discount Codes</h1>
      <div className="card-header">
        <EnumField id="discount-filter" label="Show" values={SHOWN} labels={SHOWN_LABELS} value={filter} onChange={(v) => v && setFilter(v)} />
        <NewLink to="new" label="New code" />
      </div>
      {shown.length === 0 ? (
        <p className="empty-panel">No codes here.</p>
      ) : (
        <ul className="enrollment-list">
          {shown.map((d) => (
            <li key={d.id} className="enrollment-card">
              <h2>
                {d.code} {!d.active && <span className="status-chip status-draft">inactive</span>}{' '}
                {d.expiresOn && d.expiresOn < today && <span className="status-chip status-draft">Expired</span>}
              </h2>
              <p>{d.description}</p>
              <p className="muted">
                {describeDiscount(d, name)} {!isSiblingRule(d.type) && (d.combinable ? 'Combinable with other codes.' : 'Not combinable.')}
              </p>
              <p className="muted">
                {d.semesterIds?.length ? `For ${d.semesterIds.map(name).join(', ')}.` : 'For any semester.'} Used by{' '}
                {uses[d.code] ?? 0} {(uses[d.code] ?? 0) === 1 ? 'enrollment' : 'enrollments'}.
                {limitsText(d, counted[d.code] ?? 0)}
              </p>
              <div className="row-actions">
                <EditAndDelete
                  to={d.id}
                  name={d.code}
                  question={`Delete the code ${d.code}?`}
                  done={`${d.code} is deleted.`}
                  {...deleteBy(remove, { id: d.id })}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** /admin/classes/management/discounts/:id: one code. */
export function EditCode() {
  const { id } = useParams();
  const load = useAdminDiscounts();
  return (
    <EditById load={load} find={(v) => v.discounts.find((x) => x.id === id)} missing="This code does not exist.">
      {({ id: found, ...initial }) => <DiscountForm key={found} initial={initial} id={found} />}
    </EditById>
  );
}

/** /admin/classes/management/discounts/new: a new code. */
export function NewCode() {
  return <DiscountForm initial={blank} />;
}
