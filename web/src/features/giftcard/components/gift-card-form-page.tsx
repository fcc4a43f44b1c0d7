import { zodResolver } from '@hookform/resolvers/zod'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { SupportContacts } from '@/components/ui/support-contacts'
import { useNavigate } from 'react-router'
import { useSingleFlight } from '@/components/hooks/use-single-flight'
import { errorCodeOf, useRedeemGiftCard } from '../api/limoo-cards'
import {
  GIFT_CODE_KEY,
  giftCodeSchema,
  messageFor,
  nextPathAfterRedeem,
  normalizeGiftCode,
  type GiftCodeValues,
} from '../domain/gift-card'
import { GiftMessage } from './gift-message'
import { useLoginRedirect } from './use-login-redirect'
import '../giftcard.css'

/**
 * `/limoocard`: the gift-card form. The code is required and submit stays disabled until the field is touched and
 * while it has an error [PM-75]; the code goes lower-cased [PM-76]. Submitting shows PENDING, then the refusal's
 * message (FAILED) [PM-77], or moves on: several product options to the chooser, one to the result page
 * [PM-78, PM-79]. Without a user it goes to the login page after 3 s [PM-80].
 */
export function GiftCardFormPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const id = useId()
  const redeem = useRedeemGiftCard()
  const run = useSingleFlight()
  const login = useLoginRedirect()
  const form = useForm<GiftCodeValues>({
    mode: 'onChange',
    defaultValues: { giftCode: '' },
    resolver: zodResolver(giftCodeSchema),
  })
  const { errors, isDirty, isValid } = form.formState

  const submit = form.handleSubmit((values) => {
    const giftCode = normalizeGiftCode(values.giftCode)
    run(() =>
      redeem.mutateAsync(
        { giftCode },
        {
          onSuccess: (answer) => {
            window.sessionStorage.setItem(GIFT_CODE_KEY, giftCode)
            void navigate(nextPathAfterRedeem(answer))
          },
          onError: (error) => {
            if (errorCodeOf(error) === 'USER_ID_REQUIRED') login.redirect()
          },
        },
      ),
    )
  })

  const failure = login.redirecting ? 'USER_ID_REQUIRED' : redeem.isError ? errorCodeOf(redeem.error) : null
  const state = redeem.isPending ? 'PENDING' : failure !== null ? 'FAILED' : 'IDLE'
  const fieldError = errors.giftCode?.message

  return (
    <section className="gift-page" data-testid="gift-card-form" data-state={state}>
      <h1 className="page-title">{t('giftcard.title')}</h1>
      <p className="gift-page__intro">{t('giftcard.intro')}</p>
      {failure !== null ? <GiftMessage messageKey={messageFor(failure)} /> : null}
      {failure !== null && messageFor(failure) === 'giftcard.errors.activeDiet' ? <SupportContacts /> : null}
      <form className="gift-form" onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor={`${id}-code`}>{t('giftcard.codeLabel')}</label>
        <input
          id={`${id}-code`}
          dir="ltr"
          autoComplete="off"
          autoCapitalize="off"
          data-testid="gift-code-input"
          aria-invalid={fieldError ? true : undefined}
          {...form.register('giftCode')}
        />
        {fieldError ? <p className="gift-form__error">{t(fieldError as 'giftcard.errors.required')}</p> : null}
        <button
          type="submit"
          className="primary-button"
          data-testid="gift-code-submit"
          disabled={!isDirty || !isValid || redeem.isPending || login.redirecting}
          aria-busy={redeem.isPending}
        >
          {t(redeem.isPending ? 'giftcard.sending' : 'giftcard.submit')}
        </button>
      </form>
    </section>
  )
}
