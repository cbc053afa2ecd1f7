// A labelled select over one of the contract's lists of values (a status, a kind, a method), with an
// optional first choice that picks none of them ("Any status", "Everything").
export function EnumField<T extends string>({
  id,
  label,
  values,
  labels,
  value,
  blank,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  values: readonly T[];
  labels: Record<T, string>;
  value: T | '';
  /** The choice of none: its words (without it, one of the values is always picked). */
  blank?: string;
  disabled?: boolean;
  onChange: (v: T | '') => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="p-inputtext p-component" value={value} disabled={disabled} onChange={(e) => onChange(e.target.value as T | '')}>
        {blank !== undefined && <option value="">{blank}</option>}
        {values.map((v) => (
          <option key={v} value={v}>
            {labels[v]}
          </option>
        ))}
      </select>
    </div>
  );
}
