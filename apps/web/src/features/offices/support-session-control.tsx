import { OFFICE_TEXTS } from '@casting/domain';
import type { OperatorOffice } from '@casting/domain';
import { formatMoment } from '../../lib/format/moment';
import { Button } from '../../ui/button';
import { useEndSupportSession, useStartSupportSession } from './office-switch';

/**
 * On the operator's card of an office that grants support access: until when it does, and the way in (or, while the
 * operator's session works there, the way out). An office that grants nothing shows nothing here: the operator has
 * no way into its data.
 */
export function SupportSessionControl({ office, here }: { office: OperatorOffice; here: boolean }) {
  const start = useStartSupportSession();
  const end = useEndSupportSession();
  if (!office.supportUntil && !here) return null;
  return (
    <div className="flex basis-full flex-wrap items-center gap-3 border-t border-line pt-3">
      {office.supportUntil ? (
        <p className="text-sm text-ink">
          {OFFICE_TEXTS.officeGrantsSupport(formatMoment(office.supportUntil))}
        </p>
      ) : null}
      {here ? (
        <>
          <p role="status" className="text-sm font-medium text-ink">
            {OFFICE_TEXTS.inSupportSession}
          </p>
          <Button
            variant="secondary"
            aria-label={OFFICE_TEXTS.endSupportSessionNamed(office.name)}
            disabled={end.isPending}
            onClick={() => end.mutate({ id: office.id, name: office.name })}
          >
            {OFFICE_TEXTS.endSupportSession}
          </Button>
        </>
      ) : (
        <Button
          variant="secondary"
          aria-label={OFFICE_TEXTS.openSupportSessionNamed(office.name)}
          disabled={start.isPending}
          onClick={() => start.mutate(office.id)}
        >
          {OFFICE_TEXTS.openSupportSession}
        </Button>
      )}
    </div>
  );
}
