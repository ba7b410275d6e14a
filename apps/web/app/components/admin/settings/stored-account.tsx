import type { ReactNode } from "react";
import { TrashIcon } from "../../icons";
import { Button } from "../../ui/button";
import { ConfirmDialog } from "../dialog";

/**
 * An organiser's own provider account kept by the server (payments, SMS): its name, what the
 * console may show of it (never the secret), and its removal after a confirmation.
 */
export function StoredAccount({
  name,
  state,
  readOnly,
  remove,
  testId,
}: {
  name: string;
  state: ReactNode;
  readOnly: boolean;
  remove: { label: string; title: string; body: string; onConfirm: () => Promise<boolean> };
  testId: string;
}) {
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 p-3"
      data-testid={testId}
    >
      <div className="min-w-0 text-sm">
        <p className="font-medium text-slate-950">{name}</p>
        <p className="mt-0.5 text-slate-600">{state}</p>
      </div>
      {readOnly ? null : (
        <ConfirmDialog
          trigger={
            <Button variant="ghost" size="sm">
              <TrashIcon className="size-4" />
              {remove.label}
            </Button>
          }
          title={remove.title}
          description={remove.body}
          confirmLabel={remove.label}
          onConfirm={remove.onConfirm}
        />
      )}
    </div>
  );
}
