// The office's form for one discount code: what it does, what it applies to, until when.
import { useState } from 'react';
import { isSiblingRule, type Discount, type DiscountType } from '../../../contract/domain';
import { discountInputSchema } from '../../../contract/api/admin';
import { MoneyField } from '../../components/MoneyField';
import { CheckboxField, SelectField, TextField } from '../../components/studentForm/fields';
import { wholeOrNull } from '../../components/studentForm/errors';
import { useAdminClasses, useAdminSemesters, useSaveDiscount } from './api';
import { EditForm, useCheckedSave } from '../../components/EditForm';
import { useSemesterPicker } from './SemesterPicker';
import { describeDiscount, DISCOUNT_ORDER } from './describeDiscount';

export type Draft = Omit<Discount, 'id'>;
const TYPES: { value: DiscountType; label: string }[] = [
  { value: 'percent-basket', label: 'Percent off the total' },
  { value: 'fixed-basket', label: 'Amount off the total' },
  { value: 'early-bird-fixed', label: 'Early bird: amount off until a date' },
  { value: 'percent-off-classes', label: 'Percent off chosen classes or bundles' },
  { value: 'free-classes', label: 'Chosen classes free (scholarship)' },
  { value: 'percent-off-with-minimum', label: 'Percent off with a minimum number of classes' },
  { value: 'sibling-percent', label: 'Sibling rule: percent off each additional child’s classes (no code to type)' },
  { value: 'sibling-amount', label: 'Sibling rule: amount off each additional child’s classes (no code to type)' },
];
const SIBLING_FROM: { value: 2 | 3; label: string }[] = [
  { value: 2, label: 'From the second child' },
  { value: 3, label: 'From the third child' },
];
export const blank: Draft = { code: '', description: '', type: 'percent-basket', amount: 0, percent: 10, classIds: [], groupIds: [], classTypes: [], minimumCount: 0, expiresOn: null, active: true, combinable: false };
const toggle = (list: string[], id: string, on: boolean) => (on ? [...new Set([...list, id])] : list.filter((x) => x !== id));

export function DiscountForm({ initial, id }: { initial: Draft; id?: string }) {
  const [d, setD] = useState<Draft>(initial);
  const saveCall = useSaveDiscount();
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
  const rule = isSiblingRule(d.type);
  const { errors, save } = useCheckedSave(discountInputSchema, { ...d, ...(id ? { id } : {}) }, saveCall, (r) => ({
    message: `${r.discount.code} is saved.`,
    to: '/admin/classes/management/discounts',
  }));
  return (
    <EditForm title={id ? `Edit ${initial.code}` : 'New discount code'} cancelTo="/admin/classes/management/discounts" saveLabel="Save code" mutation={saveCall} onSubmit={save}>
      <fieldset className="form-section">
        <legend>Code</legend>
        <div className="form-grid">
          <TextField path="code" label="Code" hint={rule ? 'Letters and digits; the rule’s name on receipts (families never type it)' : 'Letters and digits; families may type it in any case'} errors={errors} value={d.code} onChange={(code) => set({ code: code.toUpperCase() })} />
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
          {rule && (
            <SelectField
              path="siblingFrom"
              label="Which children"
              hint="Children already enrolled keep their price; the first child pays the list price"
              errors={errors}
              value={d.siblingFrom ?? 2}
              options={SIBLING_FROM}
              onChange={(siblingFrom) => set({ siblingFrom })}
            />
          )}
          <TextField path="expiresOn" label={d.type === 'early-bird-fixed' ? 'Early-bird date (last day)' : rule ? 'Last day the rule applies (optional)' : 'Last day the code works (optional)'} type="date" errors={errors} value={d.expiresOn ?? ''} onChange={(v) => set({ expiresOn: v || null })} />
          {!rule && (
            <>
              <TextField path="maxUses" label="Uses allowed in all (optional)" hint="Empty: no limit" type="number" errors={errors} value={d.maxUses == null ? '' : String(d.maxUses)} onChange={(v) => set({ maxUses: wholeOrNull(v) })} />
              <TextField path="maxUsesPerFamily" label="Uses per family (optional)" hint="Empty: no limit" type="number" errors={errors} value={d.maxUsesPerFamily == null ? '' : String(d.maxUsesPerFamily)} onChange={(v) => set({ maxUsesPerFamily: wholeOrNull(v) })} />
            </>
          )}
        </div>
        {rule && (
          <CheckboxField
            label="Per class: only a class that a brother or sister takes too (counted in each class)"
            checked={!!d.siblingPerClass}
            onChange={(siblingPerClass) => set({ siblingPerClass })}
          />
        )}
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
        {!rule && (
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
      <p className="muted">{DISCOUNT_ORDER}</p>
    </EditForm>
  );
}
