import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { Button, LinkButton } from '../../../components/Button';

/** A step's heading, its content as a form, Back and Next. Focus moves to the heading on arrival. */
export function StepFrame({
  title,
  back,
  nextLabel = 'Next',
  busy = false,
  onNext,
  children,
}: {
  title: string;
  back?: string;
  nextLabel?: string;
  busy?: boolean;
  onNext?: () => void;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy) onNext?.();
  };
  // Without a Next action the step is not a form (it may hold its own, like the sign-in form).
  const Frame = onNext ? 'form' : 'div';
  return (
    <Frame className="step" onSubmit={onNext ? submit : undefined} noValidate={onNext ? true : undefined}>
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children}
      <div className="step-actions">
        {back && (
          <LinkButton to={back} variant="outlined">
            <span className="pi pi-arrow-left" aria-hidden="true" />
            <span className="p-button-label">Back</span>
          </LinkButton>
        )}
        {onNext && (
          <Button type="submit" className={busy ? 'p-button-loading' : undefined} disabled={busy} aria-busy={busy}>
            <span className="p-button-label">{nextLabel}</span>
            <span className={`pi ${busy ? 'pi-spin pi-spinner' : 'pi-arrow-right'}`} aria-hidden="true" />
          </Button>
        )}
      </div>
    </Frame>
  );
}

export { focusFirstInvalid } from '../../../components/studentForm/fields';
