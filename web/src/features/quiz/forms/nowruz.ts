import { QUIZ_MESSAGES } from '../domain/messages'
import { quizPaths } from '../paths'
import type { Flow } from '../types'
import { linearNext, multiChoice, numberQuestion, option, singleChoice, step, text } from './build'
import {
  digestionChoice,
  DISEASES_BY_DIABETES_TYPE,
  diseasesChoice,
  foodRestrictionsChoice,
  genderChoice,
  recentProblemOptions,
  sportOptions,
  waterChoice,
  weightGoalOptions,
} from './common'

/**
 * Nowruz, the weight-stabilising holiday test (spec 3 §3): linear 1 to 11 [QN-17]; questions that the spec does not
 * list mirror betterme.
 */

const GENDER = 'nrz_1'

const steps = [
  step('1', 1, genderChoice(GENDER)),
  step(
    '2',
    2,
    singleChoice({ id: 'nrz_2', name: 'age', title: text('چند سال دارید؟', 'Kaç yaşındasınız?') }, [
      option('15_30', text('۱۵ تا ۳۰ سال', '15-30 yaş')),
      option('30_40', text('۳۰ تا ۴۰ سال', '30-40 yaş')),
      option('40_50', text('۴۰ تا ۵۰ سال', '40-50 yaş')),
      option('50_65', text('۵۰ تا ۶۵ سال', '50-65 yaş')),
    ]),
  ),
  step('3', 3, diseasesChoice('nrz_3', DISEASES_BY_DIABETES_TYPE)),
  step('4', 4, foodRestrictionsChoice('nrz_4')),
  step('5', 5, digestionChoice('nrz_5')),
  step(
    '6',
    6,
    multiChoice({ id: 'nrz_6', name: 'recentProblems', title: text('اخیرا با کدام یک از این مشکلات روبه‌رو بوده‌اید؟', 'Son zamanlarda bu sorunlardan hangilerini yaşadınız?') }, [
      option('NOTHING', text('هیچ‌کدام از این مشکلات را ندارم', 'Bu sorunların hiçbiri bende yok'), { xor: true }),
      ...recentProblemOptions(GENDER),
    ]),
  ),
  step('7', 7, singleChoice({ id: 'nrz_7', name: 'sport', title: text('در تعطیلات چقدر ورزش می‌کنید؟', 'Tatilde ne kadar spor yapıyorsunuz?') }, sportOptions())),
  step('8', 8, waterChoice('nrz_8')),
  step(
    '9',
    9,
    singleChoice({ id: 'nrz_9', name: 'holidayPlan', title: text('برنامه شما برای تعطیلات نوروز چیست؟', 'Nevruz tatili için planınız nedir?') }, [
      option('HOME', text('بیشتر در خانه هستم', 'Çoğunlukla evdeyim')),
      option('TRAVEL', text('به سفر می‌روم', 'Seyahate çıkıyorum')),
      option('PARTY', text('مهمانی و دید و بازدید زیاد دارم', 'Çok sayıda davet ve bayram ziyaretim var')),
      option('MIX', text('ترکیبی از همه', 'Hepsinden biraz')),
    ]),
  ),
  step(
    '10',
    10,
    numberQuestion(
      { id: 'nrz_10', name: 'currentWeight', title: text('وزن فعلی شما چقدر است؟', 'Şu anki kilonuz kaç?') },
      { min: 15, max: 249.99, msg: QUIZ_MESSAGES.weightRange },
      text('کیلوگرم', 'kilogram'),
    ),
  ),
  step(
    '11',
    11,
    singleChoice(
      {
        id: 'nrz_11',
        name: 'weightGoal',
        title: text('در تعطیلات نوروز چه هدفی برای وزن خود دارید؟', 'Nevruz tatilinde kilonuzla ilgili hedefiniz nedir?'),
        warningDesc: text('رژیم نوروزی فقط وزن شما را ثابت نگه می‌دارد و طبع بدن را متعادل می‌کند.', 'Nevruz diyeti yalnızca kilonuzu sabit tutar ve vücudunuzun dengesini korur.'),
      },
      weightGoalOptions(),
    ),
  ),
]

export const nowruz: Flow = {
  id: 'nowruz',
  formType: 'nowruz',
  formId: '1',
  firstStep: '1',
  steps,
  next: linearNext(steps),
  stepPath: quizPaths.nowruzStep,
  preparePath: quizPaths.prepareNowruzResult,
  resultPath: quizPaths.nowruzResult,
  genderQuestion: GENDER,
  storedGenderKey: 'nrz_gender',
}
