import { aidSeatsText } from '../../../contract/aid';
import type { PublicClass } from '../../../contract/domain';
import { formatCents, formatGrades, formatTimeRange, formatWeekdays } from '../../../contract/format';
import { classSpan, noClassText } from '../../../contract/schedule';
import { Markdown } from '../../components/Markdown';
import { seatsText } from './filters';
import { slidingPriceProblem, type ClassChoice } from './selection';
import { Button } from '../../components/Button';
import type { CardFit } from './useFamilyFits';

export type ClassAvailability = 'open' | 'paused' | 'info-only' | 'closed' | 'drawn';

const UNAVAILABLE: Record<Exclude<ClassAvailability, 'open' | 'drawn'>, string> = {
  paused: 'Registration paused',
  'info-only': 'Information only: no registration needed',
  closed: 'Registration closed',
};

export function priceText(c: PublicClass): string {
  if (c.slidingScale) return `Sliding scale ${formatCents(c.slidingScale.min)} – ${formatCents(c.slidingScale.max)}`;
  return c.price === 0 ? 'Free' : formatCents(c.price);
}

interface Props {
  klass: PublicClass;
  availability: ClassAvailability;
  choice?: ClassChoice;
  onToggle?: () => void;
  onPrice?: (price: number | undefined) => void;
  onAddOn?: (addOnId: string) => void;
  /** The family's own place on this class's waitlist, in words (signed in). */
  waitlistNotes?: string[];
  /** What the class means for each child the family picked ("who is this for"). */
  fits?: CardFit[];
}

export function ClassCard({ klass: c, availability, choice, onToggle, onPrice, onAddOn, waitlistNotes = [], fits }: Props) {
  const full = c.seatsLeft <= 0;
  const selected = !!choice;
  const titleId = `class-${c.id}-title`;
  const priceProblem = choice ? slidingPriceProblem(c, choice.price) : null;
  const noClass = noClassText(c);
  // One child picked who takes this class already (adding classes to their enrollment): nothing to select.
  const lockedFor = fits?.length === 1 && fits[0].fit.enrolled && !selected ? fits[0].firstName : null;
  return (
    <article className={`class-card${selected ? ' is-selected' : ''}`} aria-labelledby={titleId}>
      <header className="class-card-header">
        <h3 id={titleId}>{c.title}</h3>
        {availability === 'open' || availability === 'drawn' ? (
          <span className={`seats${full ? ' seats-full' : c.seatsLeft <= 3 ? ' seats-few' : ''}`}>
            {full && <span className="pi pi-ban" aria-hidden="true" />} {seatsText(c.seatsLeft)}
            {c.waiting > 0 && ` · ${c.waiting} waiting`}
            {availability === 'drawn' && ' · by the draw'}
          </span>
        ) : (
          <span className="seats seats-unavailable">{UNAVAILABLE[availability]}</span>
        )}
      </header>
      <ul className="class-facts">
        <li>
          <span className="pi pi-calendar" aria-hidden="true" /> {classSpan(c)}
        </li>
        {noClass && (
          <li>
            <span className="pi pi-info-circle" aria-hidden="true" /> {noClass}
          </li>
        )}
        {!!c.aidSeatsLeft && c.aidSeatsUntil && (availability === 'open' || availability === 'drawn') && (
          <li>
            <span className="pi pi-heart" aria-hidden="true" /> {aidSeatsText(c.aidSeatsLeft, c.aidSeatsUntil)}
          </li>
        )}
        <li>
          <span className="pi pi-calendar-plus" aria-hidden="true" />{' '}
          <a href={`/cal/class/${c.id}.ics`}>
            Add to my calendar<span className="visually-hidden"> ({c.title})</span>
          </a>
        </li>
        <li>
          <span className="pi pi-clock" aria-hidden="true" /> {formatWeekdays(c.weekdays)}, {formatTimeRange(c.startTime, c.endTime)}
        </li>
        <li>
          <span className="pi pi-users" aria-hidden="true" /> {formatGrades(c.gradeMin, c.gradeMax)}
        </li>
        <li>
          <span className="pi pi-map-marker" aria-hidden="true" /> {c.location}
        </li>
        {c.instructors.length > 0 && (
          <li>
            <span className="pi pi-user" aria-hidden="true" /> {c.instructors.join(', ')}
          </li>
        )}
      </ul>
      <p className="class-price">
        <strong>{priceText(c)}</strong>
        {c.slidingScale && <span className="muted"> (full price {formatCents(c.price)})</span>}
        {c.addOns.length > 0 && <span className="muted"> · optional: {c.addOns.map((a) => `${a.description} ${formatCents(a.price)}`).join(', ')}</span>}
      </p>
      <Markdown text={c.description} className="markdown class-description" />
      {waitlistNotes.map((note) => (
        <p key={note} className="waitlist-note">
          <span className="pi pi-clock" aria-hidden="true" /> {note}
        </p>
      ))}
      {fits && fits.length > 0 && (
        <ul className="child-fits" aria-label="For your children">
          {fits.map(({ studentId, firstName, fit }) => (
            <li key={studentId} className={fit.fits ? 'fits' : 'misfits'}>
              <span className={`pi ${fit.fits ? 'pi-check-circle' : 'pi-times-circle'}`} aria-hidden="true" /> <strong>{firstName}</strong>: {fit.text}
            </li>
          ))}
        </ul>
      )}
      {lockedFor ? (
        <p className="locked-note">
          <span className="pi pi-lock" aria-hidden="true" /> {lockedFor} is enrolled in this class
        </p>
      ) : availability === 'open' && onToggle && (
        <Button
          variant={selected ? 'outlined' : 'primary'}
          className="select-button"
          aria-pressed={selected}
          onClick={onToggle}
        >
          <span className={`pi ${selected ? 'pi-check' : full ? 'pi-clock' : 'pi-plus'}`} aria-hidden="true" />
          <span className="p-button-label">
            {selected ? (choice?.waitlist ? 'On your list: waitlist' : 'Selected') : full ? 'Join the waitlist' : 'Select'}
            <span className="visually-hidden"> {c.title}</span>
          </span>
        </Button>
      )}
      {choice && (c.slidingScale || c.addOns.length > 0) && (
        <div className="class-options">
          {c.slidingScale && (
            <div className="field">
              <label htmlFor={`price-${c.id}`}>
                Your price, between {formatCents(c.slidingScale.min)} and {formatCents(c.slidingScale.max)}
              </label>
              <div className="money-input">
                <span aria-hidden="true">$</span>
                <input
                  id={`price-${c.id}`}
                  className="p-inputtext p-component"
                  type="number"
                  inputMode="decimal"
                  min={c.slidingScale.min / 100}
                  max={c.slidingScale.max / 100}
                  step="1"
                  value={choice.price === undefined ? c.price / 100 : Number.isNaN(choice.price) ? "" : choice.price / 100}
                  aria-invalid={!!priceProblem}
                  aria-describedby={priceProblem ? `price-${c.id}-error` : undefined}
                  onChange={(e) => onPrice?.(e.target.value === '' ? Number.NaN : Math.round(Number(e.target.value) * 100))}
                />
              </div>
              {priceProblem && (
                <small id={`price-${c.id}-error`} className="field-error" role="alert">
                  {priceProblem}
                </small>
              )}
            </div>
          )}
          {c.addOns.length > 0 && (
            <fieldset className="add-ons">
              <legend>Add-ons</legend>
              {c.addOns.map((a) => (
                <label key={a.id} className="checkbox-row">
                  <input type="checkbox" checked={choice.addOnIds.includes(a.id)} onChange={() => onAddOn?.(a.id)} />
                  {a.description} (+{formatCents(a.price)})
                </label>
              ))}
            </fieldset>
          )}
        </div>
      )}
    </article>
  );
}
