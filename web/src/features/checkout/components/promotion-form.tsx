import { zodResolver } from '@hookform/resolvers/zod'
import { useId, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useSingleFlight } from '@/components/hooks/use-single-flight'
import { ApiError } from '@/lib/api'
import { useApplyPromotion, useRemovePromotion } from '../api/promotion'
import { serverMessageOr, type CheckoutMessage } from '../domain/messages'
import { storedUsedDiscountId } from '../domain/order-session'
import {
  promotionErrorMessage,
  promotionSchema,
  sanitisePromotionCode,
  type PromotionForm as PromotionValues,
} from '../domain/promotion'
import type { Invoice } from '../types'
import { CheckoutNote } from './checkout-message'

interface Note {
  tone: 'success' | 'error'
  message: CheckoutMessage
}

function failureOf(failure: unknown): CheckoutMessage {
  return failure instanceof ApiError ? promotionErrorMessage(failure) : { key: 'checkout.promotion.failed' }
}

/**
 * The promotion-code form [PR-28…PR-33]: SET mode enters a code ('ثبت کد', disabled while empty); the order's active
 * code puts it in REMOVE mode (read-only field, 'حذف کد'), and removing it returns to SET.
 */
export function PromotionForm({ orderId, invoice }: { orderId: number; invoice: Invoice }) {
  const { t } = useTranslation()
  const inputId = useId()
  const apply = useApplyPromotion(orderId)
  const remove = useRemovePromotion(orderId)
  // One code change at a time: applying and removing share the guard.
  const run = useSingleFlight()
  const [note, setNote] = useState<Note | null>(null)
  const form = useForm<PromotionValues>({
    mode: 'onChange',
    defaultValues: { code: '' },
    resolver: zodResolver(promotionSchema),
  })

  const active = invoice.usedDiscount
  const mode = active ? 'REMOVE' : 'SET'
  const pending = apply.isPending || remove.isPending

  const applyCode = async (code: string) => {
    setNote(null)
    try {
      const { outcome } = await apply.mutateAsync(code)
      setNote(
        outcome === 'applied'
          ? { tone: 'success', message: { key: 'checkout.promotion.applied' } }
          : { tone: 'error', message: { key: 'checkout.promotion.notForBasket' } },
      )
      if (outcome === 'applied') form.reset({ code: '' })
    } catch (failure) {
      setNote({ tone: 'error', message: failureOf(failure) })
    }
  }
  const submit = form.handleSubmit(({ code }) => run(() => applyCode(code)))

  const removeCode = async () => {
    // The code the invoice shows: another tab may have replaced the one this session stored [PR-32].
    const usedDiscountId = active?.id ?? storedUsedDiscountId()
    if (usedDiscountId === undefined || usedDiscountId === null) return
    setNote(null)
    try {
      await remove.mutateAsync(usedDiscountId)
      setNote({ tone: 'success', message: { key: 'checkout.promotion.removed' } })
    } catch (failure) {
      setNote({ tone: 'error', message: serverMessageOr(failure, 'checkout.errors.generic') })
    }
  }

  return (
    <section className="promotion" data-testid="promotion-form" data-mode={mode}>
      <form className="promotion__form" onSubmit={(event) => void submit(event)} noValidate>
        <label className="promotion__label" htmlFor={inputId}>
          {t('checkout.promotion.label')}
        </label>
        <div className="promotion__row">
          {active ? (
            <input
              id={inputId}
              className="promotion__input"
              data-testid="promotion-input"
              value={active.code}
              readOnly
              dir="ltr"
            />
          ) : (
            <Controller
              control={form.control}
              name="code"
              render={({ field }) => (
                <input
                  {...field}
                  id={inputId}
                  className="promotion__input"
                  data-testid="promotion-input"
                  placeholder={t('checkout.promotion.placeholder')}
                  autoComplete="off"
                  dir="ltr"
                  onChange={(event) => field.onChange(sanitisePromotionCode(event.target.value))}
                />
              )}
            />
          )}
          {active ? (
            <button
              type="button"
              className="promotion__button promotion__button--remove"
              data-testid="promotion-button"
              disabled={pending}
              aria-busy={remove.isPending}
              onClick={() => run(removeCode)}
            >
              {t('checkout.promotion.remove')}
            </button>
          ) : (
            <button
              type="submit"
              className="promotion__button"
              data-testid="promotion-button"
              disabled={!form.formState.isValid || pending}
              aria-busy={apply.isPending}
            >
              {t('checkout.promotion.set')}
            </button>
          )}
        </div>
      </form>
      {note ? <CheckoutNote message={note.message} tone={note.tone} testId="promotion-message" /> : null}
    </section>
  )
}
