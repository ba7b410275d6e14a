import { createContext, type RouterContextProvider } from "react-router";

/**
 * The customer's own values in a page's loader data, replaced by markers while the page is
 * rendered, so that one render serves every customer whose page has the same shape (decision
 * 0058). The server sets `sharedRenderContext` on a logged-in customer's document requests (never
 * on `.data` requests, whose answer is the loader data itself); loaders pass each value of the
 * customer's through `own(context)`, which keeps the value and gives its marker back;
 * entry.server.tsx renders the marked data and puts each reader's own values in its copy.
 */
export const sharedRenderContext = createContext<boolean>(false);

/**
 * A route whose loader data holds nothing of the customer's but marked values exports
 * `handle = SHARED_RENDER`: its pages are rendered once per shape (other pages are rendered for
 * each request, still with the markers filled in).
 */
export const SHARED_RENDER = { sharedRender: true } as const;

/**
 * A route whose loader data is the organiser's alone (its settings and pages, which only its
 * staff change; nothing of the reader's, not even marked) exports `handle = ORGANISER_DATA`: a
 * navigation's data that asks only such routes is the same for everyone, read as a visitor and
 * answered from the public cache to logged-in customers too (decision 0109).
 */
export const ORGANISER_DATA = { ...SHARED_RENDER, organiserData: true } as const;

/** Per process, random: no page text can hold a marker by chance. */
const SEED = Math.random().toString(36).slice(2, 12).padEnd(10, "0");
const NUMBER_SEED = String(100_000 + Math.floor(Math.random() * 900_000));

/**
 * A text's marker, `ov{seed}q{n}q`, or an id's: 15 digits `8{6 digits}{n on 8 digits}`, never
 * next to another digit (a safe integer, as the id it stands for).
 */
export const MARKER = new RegExp(`ov${SEED}q\\d+q|(?<![\\d.])8${NUMBER_SEED}\\d{8}(?![\\d.])`, "g");
/**
 * The start of a marker: left over in a render once the whole markers are taken out, some
 * component cut or changed a value (a cut of fewer characters goes unseen: it would show that
 * customer a piece of a marker, never someone else's value).
 */
export const MARKER_PREFIXES = [`ov${SEED.slice(0, 6)}`, `8${NUMBER_SEED}`] as const;

/** The values one request's markers stand for. */
export class OwnValues {
  /** marker (as it is written in the page) → the customer's value */
  readonly byMarker = new Map<string, string | number>();
  private readonly markers = new Map<string | number, string>();

  /** The same value gets the same marker within a request, in order of first use. */
  private mark(value: string | number): string {
    const known = this.markers.get(value);
    if (known !== undefined) return known;
    const n = this.markers.size;
    const marker =
      typeof value === "string"
        ? `ov${SEED}q${n}q`
        : `8${NUMBER_SEED}${String(n).padStart(8, "0")}`;
    this.markers.set(value, marker);
    this.byMarker.set(marker, value);
    return marker;
  }

  text(value: string): string {
    return this.mark(value);
  }

  id(value: number): number {
    return Number(this.mark(value));
  }
}

/** What loaders call: the customer's value itself when the page is not rendered shared. */
export interface Own {
  text(value: string): string;
  id(value: number): number;
}

const AS_IS: Own = { text: (value) => value, id: (value) => value };
const registries = new WeakMap<Readonly<RouterContextProvider>, OwnValues>();

export function own(context: Readonly<RouterContextProvider>): Own {
  if (!context.get(sharedRenderContext)) return AS_IS;
  let values = registries.get(context);
  if (!values) {
    values = new OwnValues();
    registries.set(context, values);
  }
  return values;
}

/** The request's own values, or null when its loaders marked none. */
export function ownValuesOf(context: Readonly<RouterContextProvider>): OwnValues | null {
  const values = registries.get(context);
  return values && values.byMarker.size > 0 ? values : null;
}

/** A participant select's choice with the participants' ids and names marked as the customer's. */
export function ownChoice<P extends { id: number; fullname: string }>(
  own: Own,
  choice: { participants: P[]; participantId: number | null },
): { participants: P[]; participantId: number | null } {
  return {
    participants: choice.participants.map((participant) => ({
      ...participant,
      id: own.id(participant.id),
      fullname: own.text(participant.fullname),
    })),
    participantId: choice.participantId === null ? null : own.id(choice.participantId),
  };
}
