import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, it, vi } from 'vitest'
import { createI18n } from '@/i18n'
import { dateQuestion, multiChoice, option, question, sliderQuestion, text, textQuestion } from '../../forms/build'
import { extendDietForm } from '../../forms/extend-diet'
import type { AnswerValue, Form, Question } from '../../types'
import { ProgressBar } from '../progress-bar'
import { QuestionForm } from '../question-form'

function renderForm(questions: Question[], onSubmit = vi.fn<(values: Record<string, AnswerValue>) => void>(), extra: Partial<Form> = {}) {
  const form: Form = { id: 't', order: 1, name: 't', submitOnUserAnswer: false, questions, ...extra }
  render(
    <I18nextProvider i18n={createI18n('fa')}>
      <div dir="rtl">
        <QuestionForm form={form} context={{}} initialValues={{}} language="fa" submitLabel="ادامه" onSubmit={onSubmit} />
      </div>
    </I18nextProvider>,
  )
  return onSubmit
}

describe('answer widgets', () => {
  it('round slider: arrow, Home and End keys set the value [QN-36]', async () => {
    const user = userEvent.setup()
    const onSubmit = renderForm([sliderQuestion({ id: 's', name: 's', title: text('استرس', 'Stres') }, { min: 0, max: 10 })])
    const slider = screen.getByRole('slider', { name: 'استرس' })
    expect(slider).toHaveAttribute('aria-valuenow', '0')
    slider.focus()
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}')
    expect(slider).toHaveAttribute('aria-valuenow', '3')
    await user.keyboard('{End}')
    expect(slider).toHaveAttribute('aria-valuenow', '10')
    await user.keyboard('{ArrowLeft}')
    await user.click(screen.getByRole('button', { name: 'ادامه' }))
    expect(onSubmit).toHaveBeenCalledWith({ s: 9 })
  })

  it('Jalali date: day, month and year give the Gregorian day', async () => {
    const user = userEvent.setup()
    const onSubmit = renderForm([dateQuestion({ id: 'd', name: 'd', title: text('تاریخ تولد', 'Doğum tarihi') }, { fromYear: 1300, toYear: 1402 }, text('الزامی', 'Zorunlu'))])
    await user.selectOptions(screen.getByRole('combobox', { name: 'روز' }), '1')
    await user.selectOptions(screen.getByRole('combobox', { name: 'ماه' }), 'فروردین')
    await user.selectOptions(screen.getByRole('combobox', { name: 'سال' }), '1401')
    await user.click(screen.getByRole('button', { name: 'ادامه' }))
    expect(onSubmit).toHaveBeenCalledWith({ d: '2022-03-21' })
  })

  it('mobile field: input mask, Persian digits, 0 added to a 9… number [QN-54, QN-55]', async () => {
    const user = userEvent.setup()
    const onSubmit = renderForm([...extendDietForm.questions])
    await user.click(screen.getByRole('radio', { name: 'سایزم کم شد' }))
    await user.click(screen.getByRole('radio', { name: 'وزنم تغییری نکرد' }))
    const mobile = screen.getByRole('textbox', { name: 'شماره موبایل' })
    await user.type(mobile, '۹۱۲۱۲۳')
    await user.tab()
    expect(screen.getByTestId('field-error')).toHaveTextContent('شماره وارد شده صحیح نیست')
    await user.type(mobile, '۴۵۶۷')
    expect(mobile).toHaveValue('9121 234 567')
    await user.click(screen.getByRole('button', { name: 'ادامه' }))
    expect(onSubmit).toHaveBeenCalledWith({ size: 'size_loss', weight: 'weight_not_changed', mobile: '09121234567' })
  })

  it('credit card: groups of four', async () => {
    const user = userEvent.setup()
    const onSubmit = renderForm([
      question({ id: 'c', name: 'c', title: text('شماره کارت', 'Kart numarası') }, { type: 'creditCard' }, [{ type: 'required' }, { type: 'creditCard' }]),
    ])
    const card = screen.getByRole('textbox', { name: 'شماره کارت' })
    await user.type(card, '6037991234567890')
    expect(card).toHaveValue('6037 9912 3456 7890')
    await user.click(screen.getByRole('button', { name: 'ادامه' }))
    expect(onSubmit).toHaveBeenCalledWith({ c: '6037991234567890' })
  })

  it('tags: no more choices than the limit [QN-37]', async () => {
    const user = userEvent.setup()
    renderForm([
      multiChoice(
        { id: 'g', name: 'g', title: text('محدودیت', 'Kısıtlama') },
        ['A', 'B', 'C'].map((value) => option(value, text(value, value))),
        { type: 'tags', props: { limit: 2 } },
      ),
    ])
    await user.click(screen.getByRole('button', { name: 'A' }))
    await user.click(screen.getByRole('button', { name: 'B' }))
    expect(screen.getByRole('button', { name: 'C' })).toBeDisabled()
    expect(screen.getByTestId('tags-limit')).toHaveTextContent('۲ از ۲')
  })

  it('textbox: touched on blur, at most 100 characters [QN-36, QN-37]', async () => {
    const user = userEvent.setup()
    renderForm([textQuestion({ id: 'x', name: 'x', title: text('توضیح', 'Açıklama') })])
    const box = screen.getByRole('textbox', { name: 'توضیح' })
    await user.click(box)
    expect(screen.queryByTestId('field-error')).not.toBeInTheDocument()
    await user.tab()
    expect(screen.getByTestId('field-error')).toHaveTextContent('لطفا فیلد مربوطه را پر نمایید')
    await user.click(box)
    await user.paste('x'.repeat(120))
    expect(box).toHaveValue('x'.repeat(100))
  })

  it('ruler: 100 to 200 by default with ten sub-units, buttons step a unit [QN-37]', async () => {
    const user = userEvent.setup()
    renderForm([question({ id: 'h', name: 'h', title: text('قد', 'Boy') }, { type: 'ruler' }, [{ type: 'required' }])])
    const ruler = screen.getByRole('slider', { name: 'قد' })
    expect(ruler).toHaveAttribute('aria-valuemin', '100')
    expect(ruler).toHaveAttribute('aria-valuemax', '200')
    expect(ruler).toHaveAttribute('data-sub-units', '10')
    await user.click(screen.getByRole('button', { name: 'افزایش' }))
    expect(screen.getByTestId('ruler-value')).toHaveTextContent('۱۵۱')
    expect(ruler).toHaveAttribute('aria-valuenow', '151')
  })

  it('ruler: without a value it shows no thumb and no value, and the step is not answered', () => {
    renderForm([question({ id: 'h', name: 'h', title: text('قد', 'Boy') }, { type: 'ruler', props: { min: 90, max: 249 } }, [{ type: 'required' }])])
    const ruler = screen.getByRole('slider', { name: 'قد' })
    expect(ruler).not.toHaveAttribute('aria-valuenow')
    expect(ruler).toHaveAttribute('aria-valuetext', 'انتخاب نشده')
    expect(screen.queryByTestId('ruler-thumb')).not.toBeInTheDocument()
    expect(screen.getByTestId('ruler-value')).toHaveTextContent('—')
    expect(screen.getByRole('button', { name: 'ادامه' })).toBeDisabled()
  })

  it('ruler: the keyboard sets the value, the thumb sits on it and the step can be sent [QN-37]', async () => {
    const user = userEvent.setup()
    const onSubmit = renderForm([
      question({ id: 'h', name: 'h', title: text('قد', 'Boy') }, { type: 'ruler', props: { min: 90, max: 249, unit: text('سانتی‌متر', 'santimetre') } }, [
        { type: 'required' },
      ]),
    ])
    const ruler = screen.getByRole('slider', { name: 'قد' })
    ruler.focus()
    await user.keyboard('{Home}{PageUp}{ArrowLeft}')
    expect(ruler).toHaveAttribute('aria-valuenow', '101')
    expect(ruler).toHaveAttribute('aria-valuetext', '۱۰۱ سانتی‌متر')
    expect(screen.getByTestId('ruler-thumb').style.insetInlineStart).toBe(`${((101 - 90) / (249 - 90)) * 100}%`)
    await user.click(screen.getByRole('button', { name: 'ادامه' }))
    expect(onSubmit).toHaveBeenCalledWith({ h: 101 })
  })
})

describe('progress bar [QN-38]', () => {
  it('defaults to 5 of 10', () => {
    render(
      <I18nextProvider i18n={createI18n('fa')}>
        <ProgressBar />
      </I18nextProvider>,
    )
    const bar = screen.getByRole('progressbar', { name: 'پیشرفت پرسشنامه' })
    expect(bar).toHaveAttribute('aria-valuenow', '5')
    expect(bar).toHaveAttribute('aria-valuemax', '10')
  })
})
