import { quizPaths } from '../paths'
import { QUIZ_MESSAGES } from '../domain/messages'
import { RESULT, type Flow } from '../types'
import {
  FEMALE,
  femaleOnly,
  multiChoice,
  numberQuestion,
  option,
  singleChoice,
  step,
  text,
} from './build'
import {
  digestionChoice,
  diseasesChoice,
  foodRestrictionsChoice,
  genderChoice,
  nothingOption,
  recentProblemOptions,
  sportOptions,
  waterChoice,
} from './common'

/** Betterme, the general weight-loss test (spec 3 §2, §3): step n asks `bm2_n` [QN-66]. */

const GENDER = 'bm2_1'
const KG = text('کیلوگرم', 'kilogram')
const WEIGHT_RANGE = { min: 15, max: 249.99, msg: QUIZ_MESSAGES.weightRange }

const steps = [
  step('1', 1, genderChoice(GENDER, FEMALE)),
  step(
    '2',
    2,
    singleChoice({ id: 'bm2_2', name: 'goal', title: text('هدف اصلی شما از گرفتن رژیم چیست؟', 'Diyet yapmaktaki asıl amacınız nedir?') }, [
      option('REDUCE', text('کاهش وزن', 'Kilo vermek')),
      option('FITNESS', text('تناسب اندام', 'Formda olmak')),
      option('ESLAH', text('اصلاح سبک تغذیه', 'Beslenme alışkanlıklarını düzeltmek')),
      option('ARAMESH', text('آرامش و سلامت روان', 'Huzur ve ruh sağlığı')),
    ]),
  ),
  step(
    '3',
    3,
    singleChoice({ id: 'bm2_3', name: 'age', title: text('چند سال دارید؟', 'Kaç yaşındasınız?') }, [
      option('UNDER18', text('زیر ۱۸ سال', '18 yaş altı')),
      option('19_40', text('۱۹ تا ۴۰ سال', '19-40 yaş')),
      option('41_65', text('۴۱ تا ۶۵ سال', '41-65 yaş')),
      option('OVER65', text('بالای ۶۵ سال', '65 yaş üstü')),
    ]),
  ),
  step(
    '4',
    4,
    diseasesChoice('bm2_4', [
        'DIABET',
        'CRATENINE',
        'BLOOD-FAT',
        'BLOOD-PRESSURE',
        'FATTY-LIVER',
        'URICACID',
        'MIGREN',
        'GALLSTONES',
        'DEPRESS',
        'KIDNEY',
        'MS',
        'HEART',
        'CANCER',
        'OTHERS',
      ]),
  ),
  step('5', 5, foodRestrictionsChoice('bm2_5')),
  step(
    '6',
    6,
    multiChoice(
      { id: 'bm2_6', name: 'recentProblems', title: text('اخیرا با کدام یک از این مشکلات روبه‌رو بوده‌اید؟', 'Son zamanlarda bu sorunlardan hangilerini yaşadınız?') },
      [...recentProblemOptions(GENDER), nothingOption(text('هیچ‌کدام از این مشکلات را ندارم', 'Bu sorunların hiçbiri bende yok'))],
    ),
  ),
  step(
    '7',
    7,
    multiChoice({ id: 'bm2_7', name: 'specialPeriod', title: text('آیا در دوره خاصی هستید؟', 'Özel bir dönemde misiniz?') }, [
      option('RECOVERY', text('دوران نقاهت بعد از بیماری', 'Hastalık sonrası iyileşme dönemi')),
      option('DRUG', text('مصرف داروی خاص', 'Özel bir ilaç kullanımı')),
      option('STUDY', text('دوران امتحانات و مطالعه', 'Sınav ve ders çalışma dönemi')),
      option('MEDITATION', text('مدیتیشن و ورزش‌های ذهنی', 'Meditasyon ve zihin egzersizleri')),
      option('PREGNANCY', text('بارداری', 'Hamilelik'), { showIf: femaleOnly(GENDER) }),
      option('BREAST_FEEDING', text('شیردهی', 'Emzirme'), { showIf: femaleOnly(GENDER) }),
      nothingOption(text('در دوره خاصی نیستم', 'Özel bir dönemde değilim')),
    ]),
  ),
  step('8', 8, digestionChoice('bm2_8')),
  step(
    '9',
    9,
    singleChoice({ id: 'bm2_9', name: 'sport', title: text('چقدر ورزش می‌کنید؟', 'Ne kadar spor yapıyorsunuz?') }, [
      ...sportOptions(),
      option('PROFESSIONAL', text('ورزشکار حرفه‌ای هستم', 'Profesyonel sporcuyum')),
    ]),
  ),
  step('10', 10, waterChoice('bm2_10')),
  step(
    '11',
    11,
    singleChoice({ id: 'bm2_11', name: 'dailyRoutine', title: text('روزهای شما معمولا چطور می‌گذرد؟', 'Günleriniz genellikle nasıl geçiyor?') }, [
      option('HOME_MOSTLY', text('بیشتر در خانه هستم', 'Çoğunlukla evdeyim')),
      option('WORK_MOSTLY', text('بیشتر سر کار هستم', 'Çoğunlukla işteyim')),
      option('2_4_OUT_HOME', text('۲ تا ۴ ساعت بیرون از خانه هستم', '2-4 saat evin dışındayım')),
      option('NOT_NIGHT_HOME', text('شب‌ها خانه نیستم', 'Geceleri evde değilim')),
      option('NOT_PLANNED', text('برنامه مشخصی ندارم', 'Belirli bir programım yok')),
    ]),
  ),
  step(
    '12',
    12,
    numberQuestion({ id: 'bm2_12', name: 'currentWeight', title: text('وزن فعلی شما چقدر است؟', 'Şu anki kilonuz kaç?') }, WEIGHT_RANGE, KG),
  ),
  step(
    '13',
    13,
    numberQuestion({ id: 'bm2_13', name: 'goalWeight', title: text('دوست دارید به چه وزنی برسید؟', 'Hangi kiloya ulaşmak istiyorsunuz?') }, WEIGHT_RANGE, KG),
  ),
  step(
    '14',
    14,
    singleChoice({ id: 'bm2_14', name: 'pace', title: text('با چه سرعتی می‌خواهید به وزن دلخواه برسید؟', 'Hedef kilonuza ne kadar hızlı ulaşmak istiyorsunuz?') }, [
      option('FAST', text('سریع', 'Hızlı'), { subTitle: text('با رژیم فشرده و نتیجه زودتر', 'Yoğun bir diyetle, daha erken sonuç') }),
      option('SLOW', text('آرام', 'Yavaş'), { subTitle: text('با رژیم ملایم و پایدار', 'Ilımlı ve kalıcı bir diyetle') }),
    ]),
  ),
  step(
    '15',
    15,
    singleChoice({ id: 'bm2_15', name: 'consultation', title: text('آیا مایل به دریافت مشاوره رایگان هستید؟', 'Ücretsiz danışmanlık almak ister misiniz?') }, [
      option('YES', text('بله، تماس بگیرید', 'Evet, beni arayın')),
      option('NO', text('خیر، فعلا نه', 'Hayır, şimdilik değil')),
    ]),
  ),
]

/**
 * The next-step map of spec 3 §2 [QN-03…QN-07]: 4, 5 and 8 are defined but skipped; 15 routes to the result and no
 * step leads to it.
 */
export const BETTERME_NEXT = {
  '1': '2',
  '2': '3',
  '3': '6',
  '4': '6',
  '6': '7',
  '7': '9',
  '8': '9',
  '9': '10',
  '10': '11',
  '11': '12',
  '12': '13',
  '13': '14',
  '14': RESULT,
  '15': RESULT,
} as const

export const betterme: Flow = {
  id: 'betterme',
  formType: 'betterme2',
  formId: '1',
  firstStep: '1',
  steps,
  next: BETTERME_NEXT,
  stepPath: quizPaths.bettermeStep,
  preparePath: quizPaths.prepareBettermeResult,
  resultPath: quizPaths.bettermeResult,
  genderQuestion: GENDER,
  storedGenderKey: 'bm2_gender',
}
