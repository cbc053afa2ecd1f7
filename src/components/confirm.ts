// Asks before an office action that cannot be undone, in PrimeReact's ConfirmDialog (focus stays in
// it, Escape or the close button answer no). `<ConfirmDialog />` is mounted once by the office routes.
import { confirmDialog } from 'primereact/confirmdialog';

export function confirm(message: string, { yes = 'Yes', no = 'No', danger = false }: { yes?: string; no?: string; danger?: boolean } = {}): Promise<boolean> {
  return new Promise((resolve) =>
    confirmDialog({
      message,
      header: 'Please confirm',
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: yes,
      rejectLabel: no,
      acceptClassName: danger ? 'p-button-danger' : undefined,
      defaultFocus: 'reject',
      accept: () => resolve(true),
      // Called after accept too: the promise keeps its first answer.
      onHide: () => resolve(false),
    }),
  );
}
