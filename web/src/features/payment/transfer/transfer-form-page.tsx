import { zodResolver } from '@hookform/resolvers/zod'
import { useId, useMemo, type ComponentType } from 'react'
import { Controller, useController, useForm, type Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { paths } from '@/config/paths'
import { useSingleFlight } from '@/components/hooks/use-single-flight'
import { JalaliDateSelect } from '@/components/ui/jalali-date-select'
import { PRODUCT_CODE } from '@/config/env'
import { localDigits, toLatinDigits } from '@/lib/digits'
import {
  calendarOf,
  dateFieldsOfIso,
  emptyTransferValues,
  isoOfDateFields,
  range,
  transferSchema,
  yearChoices,
  type TransferContext,
  type TransferGateway,
  type TransferValues,
} from './transfer-form'
import { TransferDestination } from './transfer-destination'
import { useTransferInstructions } from './transfer-instructions'
import { TransferSubmitError, useSubmitTransfer } from './use-submit-transfer'
import '../payment.css'

/** The checkout's error section, passed in by the router (features do not import each other). */
export interface TransferErrorSectionProps {
  redirectMessage?: string | null
  onRetry: () => void
}

interface TransferFormPageProps {
  gateway: TransferGateway
  ErrorSection: ComponentType<TransferErrorSectionProps>
}

/** Session storage key of the order being paid [PM-50]. */
const ORDER_ID_KEY = 'lemonadeOrderId'

function useTransferContext(): TransferContext {
  const [query] = useSearchParams()
  const dietPrice = Number(query.get('dietPrice'))
  return {
    orderId: Number(sessionStorage.getItem(ORDER_ID_KEY)),
    service: query.get('serverType') || `${PRODUCT_CODE}_SHOP`,
    dietPrice: query.has('dietPrice') && Number.isSafeInteger(dietPrice) ? dietPrice : undefined,
    usePoints: query.get('usePoints') === '1',
  }
}

/** Gregorian month names in the UI language, 0-based like the PayPal form's picker [PR-38]. */
function gregorianMonthNames(language: string): string[] {
  const format = new Intl.DateTimeFormat(`${language}-u-ca-gregory`, { month: 'long', timeZone: 'UTC' })
  return range(0, 12).map((month) => format.format(Date.UTC(2025, month, 15)))
}

interface JalaliPayDateProps {
  control: Control<TransferValues>
  years: readonly number[]
  invalid: boolean
  describedBy: string | undefined
}

/**
 * The card-to-card date as the app's shared Jalali day, month and year selects [PM-57], named by the fieldset's
 * legend. They write the form's own day, 0-based month and year fields, so the schema and the submission are those
 * of the PayPal form's selects [PR-38].
 */
/** The fields the date check's message may sit on. */
const MOMENT_FIELDS: ('pay-day' | 'pay-hour')[] = ['pay-day', 'pay-hour']

function JalaliPayDate({ control, years, invalid, describedBy }: JalaliPayDateProps) {
  // The date check's message sits on `pay-day` or `pay-hour`: a month or year that completes the date checks both.
  const day = useController({ control, name: 'pay-day', rules: { deps: ['pay-hour'] } }).field
  const month = useController({ control, name: 'pay-month', rules: { deps: MOMENT_FIELDS } }).field
  const year = useController({ control, name: 'pay-year', rules: { deps: MOMENT_FIELDS } }).field
  const fields = { 'pay-day': day.value, 'pay-month': month.value, 'pay-year': year.value }
  const choose = (iso: string | null) => {
    const next = dateFieldsOfIso(iso)
    // The day last: its check reads the month and year just set. A half-chosen date leaves empty fields alone.
    for (const field of [year, month, day]) if (field.value !== next[field.name]) field.onChange(next[field.name])
  }
  return (
    <JalaliDateSelect
      value={isoOfDateFields(fields)}
      onChange={choose}
      fromYear={Math.min(...years)}
      toYear={Math.max(...years)}
      newestFirst
      testIdPrefix="pay"
      invalid={invalid}
      describedBy={describedBy}
    />
  )
}

/**
 * The manual-transfer forms: card to card (`/pay-card`: last four card digits, Jalali date) [PM-55…PM-57] and the
 * foreign PayPal transfer (`/paypal-pay-card`: account e-mail, Gregorian date, Tehran time) [PM-60]. Submit stays
 * disabled while a field is invalid and shows loading while it runs; success opens `/pay-card-success`, failure the
 * checkout's error section with retry [PM-59].
 */
export function TransferFormPage({ gateway, ErrorSection }: TransferFormPageProps) {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const id = useId()
  const context = useTransferContext()
  const years = useMemo(() => yearChoices(calendarOf(gateway)), [gateway])
  const months = useMemo(() => gregorianMonthNames(i18n.language), [i18n.language])
  const submitTransfer = useSubmitTransfer(gateway, context)
  const run = useSingleFlight()
  // The date is checked against the order's creation time once the instructions arrive (the form takes the newest
  // resolver on every render).
  const orderCreatedAt = useTransferInstructions(context.orderId).data?.createdAt
  const form = useForm<TransferValues>({
    mode: 'onChange',
    defaultValues: emptyTransferValues,
    resolver: zodResolver(transferSchema(gateway, years, { orderCreatedAt, now: Date.now })),
  })
  const { errors, isValid } = form.formState

  const submit = form.handleSubmit((values) =>
    run(() => submitTransfer.mutateAsync(values, { onSuccess: () => void navigate('/pay-card-success') })),
  )

  if (submitTransfer.isError) {
    const failure = submitTransfer.error
    const message = failure instanceof TransferSubmitError && failure.lines.length > 0 ? failure.lines.join(' ') : null
    return (
      <section className="transfer-form">
        <ErrorSection redirectMessage={message} onRetry={() => submitTransfer.reset()} />
      </section>
    )
  }

  // The date check's message sits on `pay-day` or `pay-hour`; any other field may be the one that completes the form.
  const revalidateDate = (name: keyof TransferValues) => ({ deps: MOMENT_FIELDS.filter((field) => field !== name) })
  const select = (name: keyof TransferValues, label: string, options: { value: number; label: string }[]) => (
    <div className="transfer-form__field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <select
        id={`${id}-${name}`}
        data-testid={name}
        {...form.register(name, revalidateDate(name))}
        aria-invalid={errors[name] ? true : undefined}
      >
        <option value="">{t('payment.transfer.choose')}</option>
        {options.map((option) => (
          <option key={option.value} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
  const numbers = (values: number[]) => values.map((value) => ({ value, label: localDigits(value, i18n.language) }))
  const fieldError = (name: keyof TransferValues) => {
    const key = errors[name]?.message
    return key ? (
      <p className="transfer-form__error" role="alert" id={`${id}-${name}-error`} data-testid={`transfer-error-${name}`}>
        {t(key as 'payment.transfer.errors.required')}
      </p>
    ) : null
  }

  return (
    <section className="transfer-form" data-testid={`transfer-form-${gateway}`}>
      <h1 className="page-title">{t(gateway === 'C2C' ? 'payment.transfer.cardTitle' : 'payment.transfer.paypalTitle')}</h1>
      <p className="transfer-form__intro">
        {t(gateway === 'C2C' ? 'payment.transfer.cardIntro' : 'payment.transfer.paypalIntro')}
      </p>
      <TransferDestination gateway={gateway} orderId={context.orderId} />
      <form onSubmit={(event) => void submit(event)} noValidate>
        {gateway === 'C2C' ? (
          <div className="transfer-form__field">
            <label htmlFor={`${id}-digits`}>{t('payment.transfer.cardDigits')}</label>
            <Controller
              control={form.control}
              name="card-digits"
              rules={revalidateDate('card-digits')}
              render={({ field }) => (
                <input
                  {...field}
                  id={`${id}-digits`}
                  inputMode="numeric"
                  dir="ltr"
                  autoComplete="off"
                  aria-invalid={errors['card-digits'] ? true : undefined}
                  onChange={(event) => field.onChange(toLatinDigits(event.target.value))}
                />
              )}
            />
            {fieldError('card-digits')}
          </div>
        ) : (
          <div className="transfer-form__field">
            <label htmlFor={`${id}-account`}>{t('payment.transfer.account')}</label>
            <input
              id={`${id}-account`}
              type="email"
              dir="ltr"
              autoComplete="email"
              aria-invalid={errors.account ? true : undefined}
              {...form.register('account', revalidateDate('account'))}
            />
            {fieldError('account')}
          </div>
        )}
        <fieldset className="transfer-form__date">
          <legend>{t(gateway === 'C2C' ? 'payment.transfer.date' : 'payment.transfer.dateGregorian')}</legend>
          {gateway === 'C2C' ? (
            <JalaliPayDate
              control={form.control}
              years={years}
              invalid={errors['pay-day'] !== undefined}
              describedBy={errors['pay-day'] ? `${id}-pay-day-error` : undefined}
            />
          ) : (
            <>
              {select('pay-day', t('payment.transfer.day'), numbers(range(1, 31)))}
              {select('pay-month', t('payment.transfer.month'), months.map((label, value) => ({ value, label })))}
              {select('pay-year', t('payment.transfer.year'), numbers(years))}
            </>
          )}
        </fieldset>
        <fieldset className="transfer-form__time">
          <legend>{t(gateway === 'C2C' ? 'payment.transfer.time' : 'payment.transfer.timeTehran')}</legend>
          {select('pay-hour', t('payment.transfer.hour'), numbers(range(0, 24)))}
          {select('pay-minute', t('payment.transfer.minute'), numbers(range(0, 60)))}
        </fieldset>
        {fieldError('pay-day')}
        {fieldError('pay-hour')}
        <button
          type="submit"
          className="primary-button transfer-form__submit"
          disabled={!isValid || submitTransfer.isPending}
          aria-busy={submitTransfer.isPending}
        >
          {t(submitTransfer.isPending ? 'payment.transfer.sending' : 'payment.transfer.submit')}
        </button>
      </form>
    </section>
  )
}

/** `/pay-card-success`: the details were sent; the review result comes by SMS within 48 hours [PM-59]. */
export function PayCardSuccessPage() {
  const { t } = useTranslation()
  return (
    <section className="transfer-form" data-testid="pay-card-success">
      <h1 className="page-title">{t('payment.transfer.successTitle')}</h1>
      <p className="transfer-form__intro">{t('payment.transfer.successBody')}</p>
      <div className="payment-result__actions">
        <Link className="primary-button" to={paths.diets} data-testid="pay-card-success-panel">
          {t('payment.transfer.toPanel')}
        </Link>
        <Link className="secondary-button" to={paths.ordersHistory} data-testid="pay-card-success-orders">
          {t('payment.transfer.ordersHistory')}
        </Link>
      </div>
    </section>
  )
}
