import { QUIZ_MESSAGES } from '../domain/messages'
import type { Form } from '../types'
import { mobileQuestion, option, singleChoice, text } from './build'

/**
 * The extend-diet form `f1` (spec 3 §2, §5): one screen with the size and weight toggles and the mobile number,
 * submitted with its button [QN-52…QN-55].
 */
export const extendDietForm: Form = {
  id: 'f1',
  order: 1,
  name: 'extendDiet',
  desc: text('برای تمدید رژیم، تغییرات دوره قبل را مشخص کنید', 'Diyetinizi uzatmak için önceki dönemdeki değişiklikleri belirtin'),
  submitOnUserAnswer: false,
  buttonStyle: 'sticky',
  questions: [
    singleChoice(
      { id: 'size', name: 'size', title: text('سایز شما در دوره قبل چه تغییری کرد؟', 'Önceki dönemde bedeniniz nasıl değişti?') },
      [option('size_loss', text('سایزم کم شد', 'Bedenim küçüldü')), option('size_not_changed', text('سایزم تغییری نکرد', 'Bedenim değişmedi'))],
      'toggle',
      QUIZ_MESSAGES.sizeRequired,
    ),
    singleChoice(
      { id: 'weight', name: 'weight', title: text('وزن شما در دوره قبل چه تغییری کرد؟', 'Önceki dönemde kilonuz nasıl değişti?') },
      [option('weight_loss', text('وزنم کم شد', 'Kilo verdim')), option('weight_not_changed', text('وزنم تغییری نکرد', 'Kilom değişmedi'))],
      'toggle',
      QUIZ_MESSAGES.weightChangeRequired,
    ),
    mobileQuestion({ id: 'mobile', name: 'mobile', title: text('شماره موبایل', 'Cep telefonu numarası') }),
  ],
}
