import { useCallback, useEffect, useId } from 'react'
import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { localDigits } from '@/lib/digits'
import { normaliseAnswer, localise, validateForm, type Language } from '../domain/validation'
import { clearHidden, visibleOptions, visibleQuestions, type AnswerValues } from '../domain/visibility'
import type { AnswerValue, Form } from '../types'
import { ANSWERING_WIDGETS, AnswerWidget, TOUCHED_ON_BLUR } from './widgets/answer-widget'

type Values = Record<string, AnswerValue>

interface QuestionFormProps {
  form: Form
  /** Answers of earlier steps, for `showIf` and options offered by gender. */
  context: AnswerValues
  initialValues: Values
  language: Language
  submitLabel: string
  /** Receives the step's answers, hidden ones cleared [QN-34] and normalised. */
  onSubmit: (values: Values) => void
  /** While the step moves on, a second submit is ignored. */
  locked?: boolean
  /** Every change of the values, as typed (valid or not): a page may keep them so that a reload loses nothing. */
  onDraft?: (values: Values) => void
}

/**
 * The one questionnaire renderer (spec 3 §2 "Questionnaire step screen"): every visible question with its widget and
 * error. Errors show once a field is touched (on blur for text, on change for choices) or after a submit attempt;
 * the button stays disabled while the form is invalid [QN-22, QN-36]. A choice step submits on the answer unless
 * submitOnUserAnswer is false [QN-35].
 */
export function QuestionForm(props: QuestionFormProps) {
  const { form, context, initialValues, language, submitLabel, onSubmit, locked = false, onDraft } = props
  const baseId = useId()
  const { t, i18n } = useTranslation()
  const resolver = useCallback<Resolver<Values>>(
    async (values) => {
      const errors = validateForm(form, { ...context, ...values }, language)
      if (Object.keys(errors).length === 0) return { values, errors: {} }
      const fieldErrors: FieldErrors<Values> = {}
      for (const [name, message] of Object.entries(errors)) fieldErrors[name] = { type: 'validate', message }
      return { values: {}, errors: fieldErrors }
    },
    [form, context, language],
  )
  const { control, handleSubmit, formState } = useForm<Values>({ defaultValues: initialValues, resolver, mode: 'all' })
  const values = useWatch({ control })
  useEffect(() => {
    onDraft?.(values as Values)
  }, [values, onDraft])
  const all = { ...context, ...values }
  const questions = visibleQuestions(form, all)
  const single = form.questions.length === 1
  // A step of several questions says how many still want an answer: its button alone, disabled, said nothing of why.
  const left = single || locked ? 0 : Object.keys(validateForm(form, all, language)).length

  const submit = handleSubmit((valid) => {
    if (locked) return
    const cleared = clearHidden(form, { ...context, ...valid })
    const answers: Values = {}
    for (const question of form.questions) answers[question.id] = normaliseAnswer(question, cleared[question.id] ?? null)
    onSubmit(answers)
  })

  const Heading = single ? 'h1' : 'h2'
  const desc = localise(form.desc, language)
  return (
    <form className="quiz-form" noValidate onSubmit={(event) => void submit(event)} data-testid="quiz-form" data-form-id={form.id}>
      {!single && desc ? <h1 className="quiz-form__title">{desc}</h1> : null}
      {questions.map((question) => {
        const labelId = `${baseId}-${question.id}-label`
        const errorId = `${baseId}-${question.id}-error`
        const subTitle = localise(question.subTitle, language)
        const warning = localise(question.warningDesc, language)
        return (
          <Controller
            key={question.id}
            name={question.id}
            control={control}
            render={({ field, fieldState }) => {
              const showError = fieldState.error !== undefined && (fieldState.isTouched || formState.isSubmitted)
              const answers = ANSWERING_WIDGETS.has(question.answerUIComponent.type)
              return (
                <div className="quiz-question" data-testid="quiz-question" data-question-id={question.id} data-question-name={question.name}>
                  <Heading id={labelId} className="quiz-question__title">
                    {localise(question.title, language)}
                  </Heading>
                  {subTitle ? <p className="quiz-question__subtitle">{subTitle}</p> : null}
                  {question.img ? <img className="quiz-question__img" src={question.img} alt="" aria-hidden="true" /> : null}
                  <AnswerWidget
                    question={question}
                    options={visibleOptions(question, all)}
                    value={(field.value as AnswerValue | undefined) ?? null}
                    language={language}
                    labelId={labelId}
                    errorId={showError ? errorId : undefined}
                    invalid={showError}
                    onBlur={field.onBlur}
                    onChange={(next) => {
                      field.onChange(next)
                      if (!TOUCHED_ON_BLUR.has(question.answerUIComponent.type)) field.onBlur()
                      if (answers && form.submitOnUserAnswer) void submit()
                    }}
                  />
                  {warning ? (
                    <p className="quiz-question__warning" data-testid="quiz-warning">
                      {warning}
                    </p>
                  ) : null}
                  {showError ? (
                    <p id={errorId} className="quiz-error" role="alert" data-testid="field-error">
                      {fieldState.error?.message}
                    </p>
                  ) : null}
                </div>
              )
            }}
          />
        )
      })}
      {form.submitOnUserAnswer ? null : (
        <div className={form.buttonStyle === 'sticky' ? 'quiz-actions quiz-actions--sticky' : 'quiz-actions'}>
          {left > 0 ? (
            <p className="quiz-actions__left" data-testid="quiz-left" data-count={left}>
              {t('quiz.left', { count: left, shown: localDigits(left, i18n.language) })}
            </p>
          ) : null}
          <button type="submit" className="quiz-button" disabled={!formState.isValid || locked} aria-busy={locked} data-testid="quiz-submit">
            {submitLabel}
          </button>
        </div>
      )}
    </form>
  )
}
