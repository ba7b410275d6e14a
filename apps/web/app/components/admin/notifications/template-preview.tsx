import type {
  NotificationTemplatePreview,
  NotificationTemplatePreviewBody,
} from "@booking/contracts";
import { smsLength } from "@booking/domain/sms";
import { clsx } from "clsx";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { notificationTemplatesApi } from "../../../lib/admin/notification-templates-api";
import { ApiRequestError } from "../../../lib/api";
import { Spinner } from "../../ui/spinner";

/** The server renders the preview this long after the last keystroke. */
const PREVIEW_DELAY_MS = 400;

/** The widths an e-mail is read at: the 600 px layout on a computer, and a phone. */
const DEVICES = { desktop: 600, phone: 390 } as const;
type Device = keyof typeof DEVICES;
type View = "html" | "text";

/** The line and message of a template the server could not render. */
export interface TemplateProblem {
  line: number;
  message: string;
  field: string | null;
}

type PreviewState =
  | { status: "loading"; result: NotificationTemplatePreview | null }
  | { status: "ready"; result: NotificationTemplatePreview }
  | { status: "invalid"; result: NotificationTemplatePreview | null; problem: TemplateProblem }
  | { status: "failed"; result: NotificationTemplatePreview | null };

export function templateProblemOf(error: unknown): TemplateProblem | null {
  if (!(error instanceof ApiRequestError) || error.code !== "TEMPLATE_INVALID") return null;
  const { line, message, field } = error.details;
  return {
    line: typeof line === "number" ? line : 1,
    message: typeof message === "string" ? message : "",
    field: typeof field === "string" ? field : null,
  };
}

/**
 * The message as customers will get it, rendered by the server on the organiser's latest real
 * data a moment after each change: the e-mail in a frame at 600 px or a phone's width (links
 * and scripts inert), its plain-text part, or the SMS with its length. A template that does not
 * render says which line is wrong, and the last good rendering stays below.
 */
export function TemplatePreview({
  source,
  onProblem,
  preview = notificationTemplatesApi.preview,
}: {
  source: NotificationTemplatePreviewBody;
  /** told each time the server accepts or refuses the template */
  onProblem?: (problem: TemplateProblem | null) => void;
  /** the server's rendering (an activity's confirmation message has its own, decision 0101) */
  preview?: (source: NotificationTemplatePreviewBody) => Promise<NotificationTemplatePreview>;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<PreviewState>({ status: "loading", result: null });
  const [view, setView] = useState<View>("html");
  const [device, setDevice] = useState<Device>("desktop");
  const latest = useRef(0);
  const onProblemRef = useRef(onProblem);
  onProblemRef.current = onProblem;
  const { type, subject, content } = source;

  const render = useCallback(async () => {
    const request = ++latest.current;
    setState((current) => ({ status: "loading", result: current.result }));
    try {
      const result = await preview({ type, subject, content });
      if (request !== latest.current) return;
      setState({ status: "ready", result });
      onProblemRef.current?.(null);
    } catch (error) {
      if (request !== latest.current) return;
      const problem = templateProblemOf(error);
      setState((current) =>
        problem
          ? { status: "invalid", result: current.result, problem }
          : { status: "failed", result: current.result },
      );
      if (problem) onProblemRef.current?.(problem);
    }
  }, [type, subject, content, preview]);

  useEffect(() => {
    const timer = setTimeout(render, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [render]);

  const result = state.result;
  const email = type === "EMAIL";
  return (
    <section
      aria-labelledby="template-preview-title"
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-xs"
      data-testid="template-preview"
      data-status={state.status}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="template-preview-title" className="text-sm font-semibold text-slate-950">
          {t("admin.notification_templates.preview.title")}
        </h2>
        <span
          className="inline-flex min-h-6 items-center gap-2 text-sm text-slate-600"
          role="status"
        >
          {state.status === "loading" ? (
            <>
              <Spinner />
              {t("admin.notification_templates.preview.loading")}
            </>
          ) : null}
        </span>
      </div>
      <p className="text-sm text-slate-600">{t("admin.notification_templates.preview.sample")}</p>
      {email ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Toggle
            legend={t("admin.notification_templates.preview.view")}
            options={[
              ["html", t("admin.notification_templates.preview.html")],
              ["text", t("admin.notification_templates.preview.text")],
            ]}
            value={view}
            onChange={setView}
          />
          {view === "html" ? (
            <Toggle
              legend={t("admin.notification_templates.preview.device")}
              options={[
                ["desktop", t("admin.notification_templates.preview.desktop")],
                ["phone", t("admin.notification_templates.preview.phone")],
              ]}
              value={device}
              onChange={setDevice}
            />
          ) : null}
        </div>
      ) : null}
      <PreviewNotice state={state} onRetry={render} />
      {result ? (
        <PreviewBody result={result} view={email ? view : "text"} device={device} sms={!email} />
      ) : state.status === "loading" ? (
        <div className="h-64 animate-pulse rounded-lg bg-slate-100" />
      ) : null}
    </section>
  );
}

function PreviewNotice({ state, onRetry }: { state: PreviewState; onRetry: () => void }) {
  const { t } = useTranslation();
  if (state.status === "invalid") {
    return (
      <div
        className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        data-testid="template-problem"
      >
        <p className="font-semibold">
          {t(
            state.problem.field === "subject"
              ? "admin.notification_templates.preview.invalid_subject"
              : "admin.notification_templates.preview.invalid_content",
            { line: state.problem.line },
          )}
        </p>
        <p className="mt-0.5 break-words">{state.problem.message}</p>
      </div>
    );
  }
  if (state.status === "failed") {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        <p>{t("admin.notification_templates.preview.failed")}</p>
        <button
          type="button"
          onClick={onRetry}
          className="min-h-9 rounded-lg px-3 font-semibold ring-1 ring-amber-300 hover:bg-amber-100"
        >
          {t("admin.notification_templates.preview.retry")}
        </button>
      </div>
    );
  }
  return null;
}

function PreviewBody({
  result,
  view,
  device,
  sms,
}: {
  result: NotificationTemplatePreview;
  view: View;
  device: Device;
  sms: boolean;
}) {
  const { t } = useTranslation();
  if (sms) return <SmsPreview text={result.text} />;
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <p className="min-w-0 text-sm break-words text-slate-700">
        <span className="font-semibold text-slate-950">
          {t("admin.notification_templates.preview.subject")}
        </span>{" "}
        <span data-testid="preview-subject">{result.subject}</span>
      </p>
      {view === "html" && result.html !== null ? (
        <EmailFrame html={result.html} width={DEVICES[device]} />
      ) : (
        <pre
          className="rounded-lg bg-slate-50 p-3 font-mono text-sm whitespace-pre-wrap break-words text-slate-900"
          data-testid="preview-text"
        >
          {result.text}
        </pre>
      )}
    </div>
  );
}

function SmsPreview({ text }: { text: string }) {
  const { t } = useTranslation();
  const length = smsLength(text);
  return (
    <div className="flex flex-col gap-2">
      <div className="max-w-sm self-start rounded-2xl rounded-bl-sm bg-slate-100 px-4 py-3 text-sm whitespace-pre-wrap break-words text-slate-950">
        <span data-testid="preview-text">{text}</span>
      </div>
      <p className="text-sm text-slate-600" data-testid="sms-length">
        {t("admin.notification_templates.preview.sms_length", {
          characters: length.characters,
          count: length.segments,
          encoding: length.encoding,
        })}
      </p>
    </div>
  );
}

/** The frame's height follows its document's (scripts stay off: same origin only to measure). */
function EmailFrame({ html, width }: { html: string; width: number }) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(480);
  const [available, setAvailable] = useState(width);

  useEffect(() => {
    const target = panel.current;
    if (!target) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setAvailable(entry.contentRect.width);
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, []);

  const measure = () => {
    const body = frame.current?.contentDocument?.documentElement;
    if (body) setHeight(Math.max(240, body.scrollHeight));
  };
  const scale = available > 0 ? Math.min(1, available / width) : 1;

  return (
    <div ref={panel} className="min-w-0 overflow-hidden rounded-lg bg-slate-100">
      <div
        className="mx-auto overflow-hidden"
        style={{ width: width * scale, height: height * scale }}
      >
        <iframe
          ref={frame}
          title={t("admin.notification_templates.preview.frame_title")}
          srcDoc={html}
          sandbox="allow-same-origin"
          onLoad={measure}
          style={{ width, height, transform: `scale(${scale})`, transformOrigin: "0 0" }}
          className="block border-0 bg-white"
          data-testid="preview-frame"
          data-width={width}
        />
      </div>
    </div>
  );
}

function Toggle<T extends string>({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: ReadonlyArray<readonly [T, string]>;
  value: T;
  onChange: (value: T) => void;
}): ReactNode {
  return (
    <fieldset className="flex items-center gap-1">
      <legend className="sr-only">{legend}</legend>
      {options.map(([option, label]) => (
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          onClick={() => onChange(option)}
          className={clsx(
            "min-h-9 cursor-pointer rounded-lg px-3 text-sm font-semibold",
            value === option
              ? "bg-slate-900 text-white"
              : "text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50",
          )}
        >
          {label}
        </button>
      ))}
    </fieldset>
  );
}
