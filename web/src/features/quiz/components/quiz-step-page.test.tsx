import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { currentLocation, renderApp } from '@/testing/render-app'
import { recordFormAnswers } from './quiz-test-helpers'

function option(name: string) {
  return screen.getByRole('radio', { name })
}

describe('questionnaire steps', () => {
  it('betterme step 1: no back, "1 of 11", partner link, submits on answer and opens step 2 500 ms later [QN-01, QN-02, QN-08, QN-09]', async () => {
    const sent = recordFormAnswers()
    const user = userEvent.setup()
    const { router } = renderApp('/betterme/1')
    expect(await screen.findByRole('heading', { level: 1, name: 'جنسیت خود را انتخاب کنید' })).toBeInTheDocument()
    expect(screen.queryByTestId('quiz-back')).not.toBeInTheDocument()
    expect(screen.getByTestId('quiz-progress-text')).toHaveTextContent('۱ از ۱۱')
    expect(screen.getByTestId('partner-flow-link')).toHaveAttribute('target', '_blank')
    expect(screen.getByTestId('partner-flow-link')).toHaveAttribute('href', '#/partner-bundle-landing?next=%2Fbetterme%2F1')
    expect(option('خانم')).toHaveAttribute('aria-checked', 'true')
    expect(screen.queryByTestId('quiz-submit')).not.toBeInTheDocument()

    await user.click(option('آقا'))
    expect(currentLocation(router)).toBe('/betterme/1')
    await waitFor(() => expect(currentLocation(router)).toBe('/betterme/2'))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toMatchObject({
      method: 'POST',
      body: { answers: [{ bm2_1: 'MALE' }, { step: '1' }], formId: '1', formType: 'betterme2', userId: '' },
    })
    expect(sessionStorage.getItem('form_answer_id')).toBe('501')
    expect(sessionStorage.getItem('form_answer_edit_token')).toBe('edit-501')
    expect(JSON.parse(sessionStorage.getItem('user_answers') ?? '{}')).toEqual({ bm2_1: { value: 'MALE', questionName: 'gender' } })
    expect(await screen.findByTestId('quiz-back')).toBeInTheDocument()
  })

  it('betterme step 3 leads to 6, whose back goes to 3; later sends PATCH the record with its edit token [QN-02, QN-04, QN-41]', async () => {
    const sent = recordFormAnswers()
    const user = userEvent.setup()
    const session = { form_answer_id: '77', form_answer_edit_token: 'edit-77', form_type: 'betterme2' }
    const { router } = renderApp('/betterme/3', { session })
    await user.click(await screen.findByRole('radio', { name: '۱۹ تا ۴۰ سال' }))
    await waitFor(() => expect(currentLocation(router)).toBe('/betterme/6'))
    expect(sent[0]).toMatchObject({ method: 'PATCH', id: '77', editToken: 'edit-77' })
    await waitFor(() => expect(screen.getByTestId('quiz-step')).toHaveAttribute('data-step', '6'))
    await user.click(screen.getByTestId('quiz-back'))
    await waitFor(() => expect(currentLocation(router)).toBe('/betterme/3'))
  })

  it('a weight step validates 15 to 249.99 and submits with its button [QN-25, QN-29, QN-32, QN-35]', async () => {
    recordFormAnswers()
    const user = userEvent.setup()
    const { router } = renderApp('/betterme/12')
    const input = await screen.findByRole('textbox', { name: 'وزن فعلی شما چقدر است؟' })
    const button = screen.getByTestId('quiz-submit')
    expect(button).toBeDisabled()
    await user.type(input, '14')
    expect(await screen.findByTestId('field-error')).toHaveTextContent('وزن باید بین 15 تا 250 کیلوگرم باشد')
    await user.clear(input)
    expect(await screen.findByTestId('field-error')).toHaveTextContent('لطفا فیلد مربوطه را پر نمایید')
    await user.type(input, '۸۰٫۵')
    expect(input).toHaveValue('80.5')
    await waitFor(() => expect(button).toBeEnabled())
    expect(screen.queryByTestId('field-error')).not.toBeInTheDocument()
    await user.click(button)
    await waitFor(() => expect(currentLocation(router)).toBe('/betterme/13'))
    expect(JSON.parse(sessionStorage.getItem('user_answers') ?? '{}').bm2_12.value).toBe(80.5)
  })

  it('the last betterme step opens the loading page [QN-06]', async () => {
    recordFormAnswers()
    const user = userEvent.setup()
    const { router } = renderApp('/betterme/14')
    await user.click(await screen.findByRole('radio', { name: /سریع/ }))
    await waitFor(() => expect(currentLocation(router)).toBe('/prepare-betterme-result'))
  })

  it('offers PREGNANCY only to a female and a stored gender wins on step 2 [QN-12, QN-46]', async () => {
    recordFormAnswers()
    localStorage.setItem('bm2_gender', 'MALE')
    renderApp('/betterme/2', { session: { user_answers: JSON.stringify({ bm2_1: { value: 'FEMALE', questionName: 'gender' } }) } })
    await screen.findByRole('heading', { level: 1 })
    expect(JSON.parse(sessionStorage.getItem('user_answers') ?? '{}').bm2_1.value).toBe('MALE')
  })

  it('hides the female-only options for a male [QN-11, QN-12]', async () => {
    renderApp('/betterme/7', { session: { user_answers: JSON.stringify({ bm2_1: { value: 'MALE', questionName: 'gender' } }) } })
    await screen.findByRole('heading', { level: 1 })
    expect(screen.queryByRole('checkbox', { name: 'بارداری' })).not.toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: 'مصرف داروی خاص' })).toBeInTheDocument()
  })

  it('the exclusive option clears the others, and they clear it [QN-30]', async () => {
    const user = userEvent.setup()
    renderApp('/konkur/kn_6')
    const asthma = await screen.findByRole('checkbox', { name: 'آسم' })
    const nothing = screen.getByRole('checkbox', { name: 'هیچ بیماری خاصی ندارم' })
    await user.click(asthma)
    await user.click(screen.getByRole('checkbox', { name: 'میگرن' }))
    await user.click(nothing)
    expect(nothing).toBeChecked()
    expect(asthma).not.toBeChecked()
    await user.click(asthma)
    expect(nothing).not.toBeChecked()
  })

  it('konkur: kn_5 is not a step; kn_4 leads to kn_6 [QN-20]', async () => {
    recordFormAnswers()
    const user = userEvent.setup()
    const { router } = renderApp('/konkur/kn_5')
    await waitFor(() => expect(currentLocation(router)).toBe('/konkur/kn_1'))
    await router.navigate('/konkur/kn_4')
    await user.click(await screen.findByRole('radio', { name: '۳ تا ۵ ساعت' }))
    await waitFor(() => expect(screen.getByTestId('quiz-step')).toHaveAttribute('data-step', 'kn_6'))
    expect(currentLocation(router)).toBe('/konkur/kn_6')
    expect(screen.getByTestId('quiz-progress-text')).toHaveTextContent('۵ از ۱۸')
  })

  it('konkur hated food: YES asks which, NO hides and clears it [QN-34]', async () => {
    recordFormAnswers()
    const user = userEvent.setup()
    const { router } = renderApp('/konkur/kn_10')
    await user.click(await screen.findByRole('radio', { name: 'بله' }))
    const foods = await screen.findByRole('textbox', { name: 'چه غذاهایی را دوست ندارید؟' })
    await user.type(foods, 'ماهی')
    await user.click(screen.getByRole('radio', { name: 'خیر' }))
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
    await user.click(screen.getByTestId('quiz-submit'))
    await waitFor(() => expect(currentLocation(router)).toBe('/konkur/kn_11'))
    const stored = JSON.parse(sessionStorage.getItem('user_answers') ?? '{}')
    expect(stored.kn_10.value).toBe('NO')
    expect(stored.kn_10_foods.value).toBeNull()
  })

  it('good-looking: /bm_f1 answers gender with a fresh answer set; a male goes from bm_f6 to bm_f8 [QN-13, QN-15, QN-45]', async () => {
    recordFormAnswers()
    const user = userEvent.setup()
    const { router } = renderApp('/bm_f1', {
      session: { user_answers: JSON.stringify({ bm_f2: { value: 'PUMPED', questionName: 'goal' } }), form_answer_id: '9', referral: 'r1', form_type: 'good-looking' },
    })
    await user.click(await screen.findByRole('radio', { name: 'آقا' }))
    await waitFor(() => expect(currentLocation(router)).toBe('/bm_f2'))
    expect(JSON.parse(sessionStorage.getItem('user_answers') ?? '{}')).toEqual({ bm_f1: { value: 'MALE', questionName: 'gender' } })
    expect(sessionStorage.getItem('referral')).toBeNull()
    expect(sessionStorage.getItem('source')).toBe('LEMONADE')
    await router.navigate('/bm_f6')
    await user.click(await screen.findByRole('radio', { name: 'ورزش نمی‌کنم' }))
    await waitFor(() => expect(currentLocation(router)).toBe('/bm_f8'))
    expect(within(screen.getByTestId('quiz-form')).queryByRole('radio', { name: 'خانه‌دار هستم' })).not.toBeInTheDocument()
  })

  it('another old landing id goes to the first good-looking step, keeping the landing effects [RG-30]', async () => {
    const { router } = renderApp('/bm_12')
    await waitFor(() => expect(currentLocation(router)).toBe('/bm_f1'))
    expect(sessionStorage.getItem('productsTag')).toBe('DIET')
    expect(screen.queryByTestId('placeholder')).not.toBeInTheDocument()
  })
})
