/** The look of the shell's drop-down menus (organiser switcher, user menu). */
export const menuContentClass =
  "z-[60] min-w-56 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg";

export const menuItemClass =
  "flex min-h-10 cursor-pointer items-center gap-3 rounded-lg px-3 py-1.5 text-sm text-slate-900 outline-none select-none data-[highlighted]:bg-slate-100 data-[disabled]:opacity-60";
