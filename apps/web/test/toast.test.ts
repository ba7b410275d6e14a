import { beforeEach, describe, expect, it, vi } from "vitest";
import type { TFunction } from "../app/i18n/translator";

const sonner = vi.hoisted(() => ({
  toast: Object.assign(vi.fn(), {
    loading: vi.fn(() => "toast-1"),
    success: vi.fn(),
    error: vi.fn(),
    dismiss: vi.fn(),
  }),
}));
vi.mock("sonner", () => sonner);

const { toastPromise, toastSuccess, markToasterMounted, CONSOLE_TOAST_POSITION, TOAST_POSITION } =
  await import("../app/lib/toast");
const t = ((key: string) => `«${key}»`) as unknown as TFunction;

describe("a toast asked for before the toaster is mounted", () => {
  it("reaches sonner only once the toaster listens (sonner drops earlier ones)", async () => {
    toastSuccess("Panier mis à jour");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sonner.toast.success).not.toHaveBeenCalled();
    markToasterMounted();
    await vi.waitFor(() =>
      expect(sonner.toast.success).toHaveBeenCalledWith("Panier mis à jour", { duration: 2000 }),
    );
  });
});

describe("toastPromise (platform-and-account.md §8: promise toasts)", () => {
  beforeEach(() => vi.clearAllMocks());

  it("shows a loading toast that stays until the task ends, then the default updated message", async () => {
    let finish: (value: string) => void = () => {};
    const task = new Promise<string>((resolve) => {
      finish = resolve;
    });
    const shown = toastPromise(task, t);
    // sonner is downloaded with the first toast: the loading toast follows at once.
    await vi.waitFor(() => expect(sonner.toast.loading).toHaveBeenCalled());
    expect(sonner.toast.loading).toHaveBeenCalledWith("«forms.messages.loading»", {
      duration: Number.POSITIVE_INFINITY,
    });
    expect(sonner.toast.success).not.toHaveBeenCalled();
    finish("saved");
    await expect(shown).resolves.toBe("saved");
    expect(sonner.toast.success).toHaveBeenCalledWith("«forms.messages.updated»", {
      id: "toast-1",
      duration: 2000,
    });
  });

  it("uses the caller's success message when it has one", async () => {
    await toastPromise(Promise.resolve(1), t, "Participant mis à jour.");
    expect(sonner.toast.success).toHaveBeenCalledWith("Participant mis à jour.", {
      id: "toast-1",
      duration: 2000,
    });
  });

  it("takes the loading toast away on failure and rejects as the task does", async () => {
    await expect(toastPromise(Promise.reject(new Error("NOPE")), t)).rejects.toThrow("NOPE");
    expect(sonner.toast.dismiss).toHaveBeenCalledWith("toast-1");
    expect(sonner.toast.success).not.toHaveBeenCalled();
  });

  it("keeps the console's toasts away from its header actions and save bars", () => {
    expect(TOAST_POSITION).toBe("bottom-right");
    expect(CONSOLE_TOAST_POSITION).toBe("bottom-center");
  });
});
