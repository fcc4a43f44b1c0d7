import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react'
import type { CheckResult } from '../domain/lazy-check'

type Fields = Record<string, string>
type Errors<T> = Partial<Record<keyof T, string>>

interface StepFormOptions<T extends Fields> {
  defaults: T
  /** Checks every field together: the parsed values, or a message key (i18n) per failing field. */
  check: (values: T) => Promise<CheckResult<T>>
  /** The field focused as the step appears. */
  focus: keyof T & string
}

/** What a field's input takes from the form. */
export interface StepField {
  name: string
  value: string
  onChange: (value: string) => void
  invalid: boolean
  /** The field's message key, once the field has been changed or the form submitted. */
  error: string | undefined
}

const ignore = () => undefined

/**
 * The form of a sign-in step (one or two text fields), in place of react-hook-form, whose 13 KB gzipped the first
 * screen cannot afford (docs/frontend.md). Each change checks the whole form: `valid` follows every field, a field's
 * message shows once that field has changed; a submit checks again, shows every message and focuses the first
 * invalid field, or hands the parsed values over while `submitting`. The step's field is focused as it appears, from
 * an effect that runs for each step.
 */
export function useStepForm<T extends Fields>({ defaults, check, focus }: StepFormOptions<T>) {
  const [initial] = useState(defaults)
  const current = useRef(initial)
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Errors<T>>({})
  const [valid, setValid] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const inputs = useRef<Partial<Record<string, HTMLInputElement>>>({})
  // The `ref` of every field's input, keyed by its name (a detached input kept here only takes a harmless focus).
  const inputRef = useCallback((input: HTMLInputElement | null) => {
    if (input) inputs.current[input.name] = input
  }, [])
  const latestCheck = useRef(check)
  const checksStarted = useRef(0)
  useEffect(() => {
    latestCheck.current = check
  })

  /** Checks `next` and shows the messages of `shown`; a check overtaken by a later one changes nothing on screen. */
  const run = useCallback(async (next: T, shown: readonly (keyof T)[]) => {
    const started = ++checksStarted.current
    const result = await latestCheck.current(next)
    if (started === checksStarted.current) {
      setValid(result.passed)
      setErrors((before) => {
        const after = { ...before }
        for (const name of shown) after[name] = result.passed ? undefined : result.errors[name]
        return after
      })
    }
    return result
  }, [])

  useEffect(() => {
    // Every field of a sign-in step is required, so an empty step is invalid without a check: the check's code (zod)
    // then loads at the first change, not while the landing starts. A failed check (its code did not
    // load) leaves the form invalid; the next change tries again.
    if (Object.values(current.current).some((value) => value !== '')) run(current.current, []).catch(ignore)
    inputs.current[focus]?.focus()
  }, [run, focus])

  /** Sets a field; `show` checks the form and shows the field's message, else only `valid` is brought up to date. */
  const setValue = useCallback(
    (name: keyof T, value: string, show = true) => {
      const next = { ...current.current, [name]: value }
      current.current = next
      setValues(next)
      run(next, show ? [name] : []).catch(ignore)
    },
    [run],
  )

  const handleSubmit = useCallback(
    (onValid: (values: T) => Promise<void>) => async (event?: FormEvent) => {
      event?.preventDefault()
      setSubmitting(true)
      try {
        const names = Object.keys(initial) as (keyof T)[]
        const result = await run(current.current, names)
        if (result.passed) await onValid(result.values)
        else inputs.current[String(names.find((name) => result.errors[name] !== undefined) ?? focus)]?.focus()
      } finally {
        setSubmitting(false)
      }
    },
    [initial, run, focus],
  )

  const field = (name: keyof T & string): StepField => ({
    name,
    value: values[name] ?? '',
    onChange: (value) => setValue(name, value),
    invalid: errors[name] !== undefined,
    error: errors[name],
  })

  const dirty = Object.keys(initial).some((name) => values[name] !== initial[name])
  const getValue = (name: keyof T) => current.current[name]
  return { field, inputRef, getValue, setValue, handleSubmit, dirty, valid, submitting }
}
