import {
  ELEMENT_FAMILIES,
  ELEMENT_KEYS,
  type ElementFamily,
  type ElementKey,
  type ElementKind,
} from "@booking/contracts";
import { useTranslation } from "../../../i18n/react";
import { Modal } from "../dialog";

const FAMILY_ORDER: readonly ElementFamily[] = ["content", "layout", "catalogue"];

/**
 * The elements that may go where the organiser adds (a section at the page's top level, a
 * container or block inside a section, …), grouped by family, each one click away.
 */
export function ElementPalette({
  open,
  onOpenChange,
  admitted,
  target,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  admitted: readonly ElementKind[];
  /** where the element goes, said in the title */
  target: string;
  onPick: (key: ElementKey) => void;
}) {
  const { t } = useTranslation();
  const keys = ELEMENT_KEYS.filter((key) => admitted.includes(key.split(":")[0] as ElementKind));
  return (
    <Modal
      title={t("admin.website.editor.add_title")}
      description={target}
      open={open}
      onOpenChange={onOpenChange}
      wide
    >
      <div className="flex flex-col gap-5" data-testid="element-palette">
        {FAMILY_ORDER.map((family) => {
          const inFamily = keys.filter((key) => ELEMENT_FAMILIES[key] === family);
          if (inFamily.length === 0) return null;
          return (
            <section key={family} aria-labelledby={`palette-${family}`}>
              <h3 id={`palette-${family}`} className="mb-2 text-sm font-semibold text-slate-700">
                {t(`admin.website.families.${family}`)}
              </h3>
              <ul className="grid gap-2 sm:grid-cols-2">
                {inFamily.map((key) => {
                  const [element, name] = key.split(":") as [ElementKind, string];
                  return (
                    <li key={key}>
                      <button
                        type="button"
                        onClick={() => onPick(key)}
                        data-element={key}
                        className="flex min-h-11 w-full cursor-pointer items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-left text-sm hover:border-slate-400 hover:bg-slate-50"
                      >
                        <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-700">
                          {t(`admin.website.kinds.${element}`)}
                        </span>
                        <span className="font-medium text-slate-900">
                          {t(`admin.website.elements.${element}-${name}`, { defaultValue: name })}
                        </span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            </section>
          );
        })}
      </div>
    </Modal>
  );
}
