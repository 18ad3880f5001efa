import { useState } from "react";
import { type DefaultValues, type FieldError, type FieldErrors, type FieldValues, type Resolver, useForm } from "react-hook-form";
import type { UseMutationResult } from "@tanstack/react-query";
import type { z } from "zod";
import { errorMessage } from "./api-client";

/** What `onSaved` may use: the body that was sent, and the form's error box (for answers that refuse). */
export interface SavedContext<TBody> {
  body: TBody;
  setError: (message: string | null) => void;
}

export interface ContractFormOptions<TValues extends FieldValues, TBody, TVariables, TResult> {
  /** The contract's zod schema of what the form sends. */
  schema: z.ZodType;
  /** The inputs' initial values. */
  defaults: DefaultValues<TValues>;
  /** The form's values as the body it sends (leaving out what this viewer may not set). */
  toBody: (values: TValues) => TBody;
  /** What the schema checks, when not the body itself (multipart forms: its strings, `toFormRecord`). */
  schemaInput?: (body: TBody) => unknown;
  /**
   * Where schema issues show: "fields" (default) puts each field's first message on it and
   * checks again as the user edits; "form" puts the first message in the form's error box.
   */
  issues?: "fields" | "form";
  /** The form field and message of an issue at body path `path` (default: the same name, the schema's message). */
  fieldError?: (path: string, message: string) => { field: string; message: string };
  /** Field errors the schema cannot know (a requirement that depends on the page). */
  extraErrors?: (values: TValues) => Record<string, string | undefined>;
  /** A last check before saving; its message goes to the error box (a logo file to upload, …). */
  precheck?: (values: TValues) => string | null;
  /** An async step before the save (an upload), resolving to the body to send; busy meanwhile. */
  prepare?: (body: TBody, values: TValues) => Promise<TBody>;
  /** The mutation's variables for a body (ids, multipart FormData, …). */
  toVariables: (body: TBody) => TVariables;
  /** The save: a TanStack mutation from the feature's api/. */
  mutation: UseMutationResult<TResult, Error, TVariables>;
  /** After the save answered (not for failures, which show in the error box). */
  onSaved?: (result: TResult, context: SavedContext<TBody>) => void;
  /** Runs as each save starts (clear what the previous answer showed). */
  beforeSend?: () => void;
  /** The error box text of a failed save or `prepare` (default: the server's message, see `errorMessage`). */
  errorText?: (error: unknown) => string;
}

/**
 * One way for a form to reach the contract: react-hook-form holds the inputs, the contract's
 * zod schema checks the body the form would send (`toBody`), and the save goes through a
 * TanStack mutation. Returns the react-hook-form methods (`form`), `submit` for the form's
 * onSubmit, `send` to send a body again (after a confirmation prompt), `isPending` while a
 * `prepare` step or the save is in flight (disable the submit button, show a progress label)
 * and `error`, the error box text.
 */
export function useContractForm<TValues extends FieldValues, TBody, TVariables, TResult>(
  options: ContractFormOptions<TValues, TBody, TVariables, TResult>,
) {
  const { schema, toBody, issues = "fields", mutation } = options;
  const schemaInput = options.schemaInput ?? ((body: TBody) => body);
  const errorText = options.errorText ?? errorMessage;
  const [error, setError] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);

  const resolver: Resolver<TValues> = async (values) => {
    if (issues === "form") return { values, errors: {} };
    const parsed = schema.safeParse(schemaInput(toBody(values)));
    // Every failing field at once (the first message of each), not one refusal per submit.
    const errors: Record<string, FieldError> = {};
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const path = String(issue.path[0] ?? "");
      const { field, message } = options.fieldError ? options.fieldError(path, issue.message) : { field: path, message: issue.message };
      if (field && !errors[field]) errors[field] = { type: "validate", message };
    }
    for (const [field, message] of Object.entries(options.extraErrors?.(values) ?? {}))
      if (message && !errors[field]) errors[field] = { type: "validate", message };
    if (Object.keys(errors).length === 0) return { values, errors: {} };
    // The forms are flat: each error sits under its field's name.
    return { values: {}, errors: errors as FieldErrors<TValues> };
  };
  const form = useForm<TValues>({ resolver, defaultValues: options.defaults });

  const send = async (body: TBody) => {
    setError(null);
    options.beforeSend?.();
    let result: TResult;
    try {
      result = await mutation.mutateAsync(options.toVariables(body));
    } catch (err) {
      setError(errorText(err));
      return;
    }
    options.onSaved?.(result, { body, setError });
  };

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    let body = toBody(values);
    if (issues === "form") {
      const parsed = schema.safeParse(schemaInput(body));
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? "Check the form.");
        return;
      }
    }
    const problem = options.precheck?.(values);
    if (problem) {
      setError(problem);
      return;
    }
    if (options.prepare) {
      setPreparing(true);
      try {
        body = await options.prepare(body, values);
      } catch (err) {
        setError(errorText(err));
        return;
      } finally {
        setPreparing(false);
      }
    }
    await send(body);
  });

  return { form, submit, send, isPending: preparing || mutation.isPending, error, setError };
}
