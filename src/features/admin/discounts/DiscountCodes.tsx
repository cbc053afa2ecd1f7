import { useState } from 'react';
import { Link, Route, Routes, useNavigate, useParams } from 'react-router-dom';
import type { Discount, DiscountType } from '../../../../contract/domain';
import { discountInputSchema } from '../../../../contract/schemas';
import { LoadError } from '../../../components/LoadError';
import { PageLoading } from '../../../components/PageLoading';
import { CheckboxField, schemaErrors, SelectField, TextField, type Errors } from '../../../components/studentForm/fields';
import { useNotify } from '../../../lib/toast';
import { DeleteButton, EditForm } from '../shared/EditForm';
import { useSemesterPicker } from '../shared/SemesterPicker';
import { describeDiscount } from './describeDiscount';
import { schoolToday } from '../../../../contract/schedule';
import { useAdminClasses, useAdminDiscounts, useAdminSemesters, useDeleteDiscount, useSaveDiscount } from '../api';
import { LinkButton } from '../../../components/Button';
import { MoneyField } from '../../../components/MoneyField';

type Draft = Omit<Discount, 'id'>;
const TYPES: { value: DiscountType; label: string }[] = [
  { value: 'percent-basket', label: 'Percent off the total' },
  { value: 'fixed-basket', label: 'Amount off the total' },
  { value: 'early-bird-fixed', label: 'Early bird: amount off until a date' },
  { value: 'percent-off-classes', label: 'Percent off chosen classes or bundles' },
  { value: 'free-classes', label: 'Chosen classes free (scholarship)' },
  { value: 'percent-off-with-minimum', label: 'Percent off with a minimum number of classes' },
  { value: 'sibling-percent', label: 'Sibling discount: percent off when another child of the family is enrolled (no code to type)' },
];
const blank: Draft = { code: '', description: '', type: 'percent-basket', amount: 0, percent: 10, classIds: [], groupIds: [], classTypes: [], minimumCount: 0, expiresOn: null, active: true, combinable: false };
const toggle = (list: string[], id: string, on: boolean) => (on ? [...new Set([...list, id])] : list.filter((x) => x !== id));

function List() {
  const [state, reload] = useAdminDiscounts();
  const [filter, setFilter] = useState<'all' | 'active' | 'inactive'>('active');
  const remove = useDeleteDiscount();
  if (state.status === 'loading') return <PageLoading />;
  if (state.status === 'error') return <LoadError error={state.error} onRetry={reload} />;
  const { names, uses } = state.value;
  const name = (id: string) => names[id] ?? 'a class no longer offered';
  const today = schoolToday();
  const shown = state.value.discounts.filter((d) => filter === 'all' || d.active === (filter === 'active'));
  return (
    <div className="page admin-page">
      <h1>Discount Codes</h1>
      <div className="card-header">
        <div className="field">
          <label htmlFor="discount-filter">Show</label>
          <select id="discount-filter" className="p-inputtext p-component" value={filter} onChange={(e) => setFilter(e.target.value as typeof filter)}>
            <option value="active">Active codes</option>
            <option value="inactive">Inactive codes</option>
            <option value="all">All codes</option>
          </select>
        </div>
        <LinkButton to="new">
          <span className="pi pi-plus" aria-hidden="true" />
          <span className="p-button-label">New code</span>
        </LinkButton>
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
                {describeDiscount(d, name)} {d.type !== 'sibling-percent' && (d.combinable ? 'Combinable with other codes.' : 'Not combinable.')}
              </p>
              <p className="muted">
                {d.semesterIds?.length ? `For ${d.semesterIds.map(name).join(', ')}.` : 'For any semester.'} Used by{' '}
                {uses[d.code] ?? 0} {(uses[d.code] ?? 0) === 1 ? 'enrollment' : 'enrollments'}.
              </p>
              <div className="row-actions">
                <Link to={d.id}>
                  Edit<span className="visually-hidden"> {d.code}</span>
                </Link>
                <DeleteButton
                  name={d.code}
                  question={`Delete the code ${d.code}?`}
                  done={`${d.code} is deleted.`}
                  busy={remove.isPending}
                  remove={(callbacks) => remove.mutate({ id: d.id }, callbacks)}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Form({ initial, id }: { initial: Draft; id?: string }) {
  const [d, setD] = useState<Draft>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const saveCall = useSaveDiscount();
  const notify = useNotify();
  const navigate = useNavigate();
  const { semester, picker } = useSemesterPicker();
  const [catalogue] = useAdminClasses(semester?.id);
  const [semesters] = useAdminSemesters();
  const set = (patch: Partial<Draft>) => setD((x) => ({ ...x, ...patch }));
  const names = new Map<string, string>();
  if (catalogue.status === 'loaded') {
    for (const c of catalogue.value.classes) names.set(c.id, c.title);
    for (const g of catalogue.value.groups) names.set(g.id, g.name);
  }
  const byClass = d.type === 'percent-off-classes' || d.type === 'free-classes';
  const percent = d.type === 'percent-basket' || d.type === 'percent-off-classes' || d.type === 'percent-off-with-minimum' || d.type === 'sibling-percent';
  const save = () => {
    const payload = { ...d, ...(id ? { id } : {}) };
    const found = schemaErrors(discountInputSchema, payload);
    setErrors(found);
    if (Object.keys(found).length) return;
    saveCall.mutate(payload, {
      onSuccess: (r) => {
        notify({ severity: 'success', summary: 'Saved', detail: `${r.discount.code} is saved.` });
        navigate('/admin/classes/management/discounts');
      },
    });
  };
  return (
    <EditForm title={id ? `Edit ${initial.code}` : 'New discount code'} cancelTo="/admin/classes/management/discounts" saveLabel="Save code" mutation={saveCall} onSubmit={save}>
      <fieldset className="form-section">
        <legend>Code</legend>
        <div className="form-grid">
          <TextField path="code" label="Code" hint="Letters and digits; families may type it in any case" errors={errors} value={d.code} onChange={(code) => set({ code: code.toUpperCase() })} />
          <TextField path="description" label="Description" errors={errors} value={d.description} onChange={(description) => set({ description })} />
          <SelectField path="type" label="What it does" errors={errors} value={d.type} options={TYPES} onChange={(type) => set({ type })} />
          {percent ? (
            <TextField path="percent" label="Percent off" type="number" errors={errors} value={String(d.percent)} onChange={(v) => set({ percent: Number(v || '0') })} />
          ) : (
            d.type !== 'free-classes' && <MoneyField path="amount" label="Amount off ($)" errors={errors} cents={d.amount} onChange={(amount) => set({ amount })} />
          )}
          {d.type === 'percent-off-with-minimum' && (
            <>
              <TextField path="minimumCount" label="Minimum number of classes" type="number" errors={errors} value={String(d.minimumCount)} onChange={(v) => set({ minimumCount: Math.round(Number(v || '0')) })} />
              <TextField path="classTypes" label="Of these class types" hint="Separate with commas" errors={errors} value={d.classTypes.join(', ')} onChange={(v) => set({ classTypes: v.split(',').map((x) => x.trim()).filter(Boolean) })} />
            </>
          )}
          <TextField path="expiresOn" label={d.type === 'early-bird-fixed' ? 'Early-bird date (last day)' : 'Last day the code works (optional)'} type="date" errors={errors} value={d.expiresOn ?? ''} onChange={(v) => set({ expiresOn: v || null })} />
        </div>
        <CheckboxField label="Active" checked={d.active} onChange={(active) => set({ active })} />
        {semesters.status === 'loaded' && (
          <fieldset className="radio-group">
            <legend>Semesters it is for (none ticked: any semester)</legend>
            {semesters.value.semesters.map((s) => (
              <CheckboxField
                key={s.id}
                label={s.status === 'archived' ? `${s.name} (archived)` : s.name}
                checked={!!d.semesterIds?.includes(s.id)}
                onChange={(on) => set({ semesterIds: toggle(d.semesterIds ?? [], s.id, on) })}
              />
            ))}
          </fieldset>
        )}
        {d.type !== 'sibling-percent' && (
          <CheckboxField
            label="Combinable with other combinable codes (otherwise the best single code applies)"
            checked={d.combinable}
            onChange={(combinable) => set({ combinable })}
          />
        )}
      </fieldset>
      {byClass && (
        <fieldset className="form-section">
          <legend>Classes and bundles it applies to</legend>
          {picker}
          {catalogue.status === 'loaded' && (
            <div className="picker-list">
              {catalogue.value.groups.map((g) => (
                <CheckboxField key={g.id} label={`Bundle: ${g.name}`} checked={d.groupIds.includes(g.id)} onChange={(on) => set({ groupIds: toggle(d.groupIds, g.id, on) })} />
              ))}
              {catalogue.value.classes.map((c) => (
                <CheckboxField key={c.id} label={c.title || 'Untitled draft'} checked={d.classIds.includes(c.id)} onChange={(on) => set({ classIds: toggle(d.classIds, c.id, on) })} />
              ))}
            </div>
          )}
        </fieldset>
      )}
      <p className="markdown-preview" aria-live="polite">
        <strong>Preview:</strong> {describeDiscount(d, (x) => names.get(x) ?? x)}
      </p>
    </EditForm>
  );
}

function EditCode() {
  const { id } = useParams();
  const [state, reload] = useAdminDiscounts(id !== 'new');
  if (id === 'new') return <Form initial={blank} />;
  if (state.status === 'loading') return <PageLoading />;
  if (state.status === 'error') return <LoadError error={state.error} onRetry={reload} />;
  const found = state.value.discounts.find((x) => x.id === id);
  if (!found) return <LoadError error="This code does not exist." onRetry={reload} />;
  const { id: _id, ...initial } = found;
  return <Form key={found.id} initial={initial} id={found.id} />;
}

/** /admin/classes/management/discounts/*: the discount codes. */
export default function DiscountCodes() {
  return (
    <Routes>
      <Route index element={<List />} />
      <Route
        path=":id"
        element={
          <div className="page">
            <EditCode />
          </div>
        }
      />
    </Routes>
  );
}
