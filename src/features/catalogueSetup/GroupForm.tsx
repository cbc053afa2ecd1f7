import { useState } from 'react';
import { useSemesterItem } from './useSemesterItem';
import type { AdminClass, ClassGroup } from '../../../contract/domain';
import { bundleSaving } from '../../../contract/rules';
import { formatCents } from '../../../contract/format';
import { groupInputSchema } from '../../../contract/api/admin';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { CheckboxField, TextField } from '../../components/studentForm/fields';
import { EditForm, useCheckedSave } from '../../components/EditForm';
import { useAdminClasses, useSaveGroup } from './api';
import { MoneyField } from '../../components/MoneyField';

type Draft = Omit<ClassGroup, 'id'>;

function Form({ initial, id, classes, taken }: { initial: Draft; id?: string; classes: AdminClass[]; taken: Map<string, string> }) {
  const [g, setG] = useState<Draft>(initial);
  const saveCall = useSaveGroup();
  const back = `/admin/classes/management?semester=${g.semesterId}`;
  const saving$ = bundleSaving(g, classes);
  const { errors, save } = useCheckedSave(groupInputSchema, { ...g, ...(id ? { id } : {}) }, saveCall, (r) => ({ message: `${r.group.name} is saved.`, to: back }));
  return (
    <EditForm title={id ? `Edit ${initial.name}` : 'New bundle'} cancelTo={back} saveLabel="Save bundle" mutation={saveCall} onSubmit={save}>
      <fieldset className="form-section">
        <legend>Bundle</legend>
        <div className="form-grid">
          <TextField path="name" label="Name" errors={errors} value={g.name} onChange={(name) => setG({ ...g, name })} />
          <MoneyField path="price" label="Bundle price ($)" errors={errors} cents={g.price} onChange={(price) => setG({ ...g, price })} />
        </div>
        <p aria-live="polite" className={saving$ > 0 ? 'saving' : 'muted'}>
          {g.classIds.length < 2 ? 'Choose at least two classes.' : saving$ > 0 ? `Families save ${formatCents(saving$)} with this bundle.` : 'This bundle saves nothing: set a lower price.'}
        </p>
      </fieldset>
      <fieldset className="form-section">
        <legend>Classes in the bundle</legend>
        {errors.classIds && <p className="field-error">{errors.classIds}</p>}
        <div className="picker-list">
          {classes.map((c) => (
            <CheckboxField
              key={c.id}
              label={`${c.title || 'Untitled draft'} (${formatCents(c.price)})${taken.has(c.id) ? ` — in ${taken.get(c.id)}` : ''}`}
              checked={g.classIds.includes(c.id)}
              onChange={(on) => setG({ ...g, classIds: on ? [...g.classIds, c.id] : g.classIds.filter((x) => x !== c.id) })}
            />
          ))}
        </div>
      </fieldset>
    </EditForm>
  );
}

/** /admin/classes/management/group/:id?semester=… (or group/new). */
export default function GroupForm() {
  const { id, semesterId } = useSemesterItem();
  const [state, reload] = useAdminClasses(semesterId);
  if (!semesterId) return <LoadError error="Open bundles from the class management page." onRetry={() => history.back()} />;
  if (state.status === 'loading') return <PageLoading />;
  if (state.status === 'error') return <LoadError error={state.error} onRetry={reload} />;
  const { classes, groups } = state.value;
  const existing = groups.find((g) => g.id === id);
  if (id !== 'new' && !existing) return <LoadError error="This bundle does not exist." onRetry={reload} />;
  const taken = new Map(groups.filter((g) => g.id !== id).flatMap((g) => g.classIds.map((cid) => [cid, g.name] as const)));
  const initial: Draft = existing ? { semesterId, name: existing.name, price: existing.price, classIds: existing.classIds } : { semesterId, name: '', price: 0, classIds: [] };
  return <Form key={id} initial={initial} id={existing?.id} classes={classes} taken={taken} />;
}
