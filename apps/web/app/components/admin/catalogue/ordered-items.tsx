import { type ComponentType, type ReactNode, useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { type IconProps, PencilIcon, PlusIcon } from "../../icons";
import { Button } from "../../ui/button";
import { Modal } from "../dialog";
import { EmptyState } from "../empty-state";
import { DeleteButton } from "./delete-button";
import { MoveButtons, movedOrder } from "./move-buttons";

interface Item {
  cuid: string;
}

/**
 * An ordered list of a page's items edited in place (an activity's options or questions, the
 * custom fields of an entity): each card shows the item, moves up or down, opens its form in a
 * modal, or is deleted after a confirmation. Buttons show only with their permission.
 */
export function OrderedItems<T extends Item>({
  items,
  nameOf,
  renderItem,
  renderForm,
  reorder,
  remove,
  labels,
  can,
  icon,
  testId,
}: {
  items: readonly T[];
  nameOf: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** the form of an item (undefined: a new one); `done` closes the modal */
  renderForm: (item: T | undefined, done: () => void) => ReactNode;
  reorder: (cuids: string[]) => Promise<unknown>;
  remove: (item: T) => Promise<unknown>;
  labels: {
    heading: string;
    intro?: string;
    create: string;
    edit: string;
    empty: string;
    deleteTitle: (item: T) => string;
    deleteDescription: (item: T) => string;
    deleted: (item: T) => string;
  };
  can: { create: boolean; update: boolean; delete: boolean };
  icon: ComponentType<IconProps>;
  testId: string;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<T | "new" | null>(null);
  const ordering = useAdminMutation(reorder);
  const cuids = items.map((item) => item.cuid);
  const headingId = `${testId}-heading`;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-slate-950">
            {labels.heading}
          </h2>
          {labels.intro ? <p className="text-sm text-slate-600">{labels.intro}</p> : null}
        </div>
        {can.create ? (
          <Button onClick={() => setEditing("new")} data-testid={`${testId}-new`}>
            <PlusIcon className="size-4" />
            {labels.create}
          </Button>
        ) : null}
      </div>
      {items.length === 0 ? (
        <div className="rounded-xl border border-slate-200 bg-white">
          <EmptyState icon={icon} title={labels.empty} />
        </div>
      ) : (
        <ul className="flex flex-col gap-3" data-testid={testId}>
          {items.map((item, index) => (
            <li
              key={item.cuid}
              className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-xs sm:flex-row sm:items-start"
            >
              <div className="min-w-0 flex-1">{renderItem(item)}</div>
              <div className="flex shrink-0 flex-wrap items-center gap-1">
                {can.update ? (
                  <>
                    <MoveButtons
                      index={index}
                      count={items.length}
                      label={nameOf(item)}
                      disabled={ordering.pending}
                      onMove={(delta) => ordering.mutate(movedOrder(cuids, index, delta))}
                    />
                    <Button variant="ghost" size="sm" onClick={() => setEditing(item)}>
                      <PencilIcon className="size-4" />
                      {t("admin.catalogue.edit")}
                      <span className="sr-only">{nameOf(item)}</span>
                    </Button>
                  </>
                ) : null}
                {can.delete ? (
                  <DeleteButton
                    name={nameOf(item)}
                    remove={() => remove(item)}
                    title={labels.deleteTitle(item)}
                    description={labels.deleteDescription(item)}
                    done={labels.deleted(item)}
                  />
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Modal
        title={editing === "new" ? labels.create : labels.edit}
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        wide
      >
        {editing !== null
          ? renderForm(editing === "new" ? undefined : editing, () => setEditing(null))
          : null}
      </Modal>
    </section>
  );
}
