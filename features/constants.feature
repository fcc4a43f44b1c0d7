Feature: ثابت‌های کسب‌وکار
  Constants of the rules table (CT) that a customer meets directly: the country table of the sign-in form, the
  header colour and the loading screen (spec 1 §2, §3, §9), how long the tests take (spec 2 §1, spec 3 §1), the
  social-proof toast, the landing values and the product types (spec 2 §3, §9; spec 3 §2, §3), and the sport choices
  of the detailed diet-request form with the labels of its laboratory values (spec 3 §9). Every scenario name carries
  "ثابت-".

  @CT-06
  Scenario: ثابت- جدول کشورها حدود ۲۴۰ ردیف دارد، ایران ۱ و ترکیه ۲۲۰ است
    Given سرور پرسشنامه‌ها در دسترس است
    When بازدیدکننده آدرس "/lemonade/api/countries" را از API می‌خواهد
    Then فهرست کشورها بین 230 و 260 ردیف دارد و طول شماره هر ردیف بین ۱ و ۲۰ است
    And کشور 1 با نام "ایران" پیش‌شماره "98"، کمینه 6 و بیشینه 10 دارد
    And کشور 220 با نام "ترکیه" پیش‌شماره "90"، کمینه 10 و بیشینه 10 دارد

  @ui @CT-03
  Scenario: ثابت- رنگ پیش‌فرض نوار بالا FFD60A است
    Given مشتری با شماره "09121234567" وارد شده است
    When مشتری صفحه "/select-package-c" را باز می‌کند
    Then پس‌زمینه نوار بالا "rgb(255, 214, 10)" است

  @ui @CT-08
  # The rule's "about 70 questions" is not what the form has: the page says the true count, computed from the form.
  Scenario: ثابت- هر آزمون حدود یک دقیقه و روان‌شناسی حدود پنج دقیقه است و پرسشنامه پس از پرداخت شمار سوال‌هایش را می‌گوید
    Given سرور پرسشنامه‌ها در دسترس است
    When مشتری صفحه "/konkur/kn_1" را باز می‌کند
    Then متن "این آزمون حدود ۱ دقیقه طول می‌کشد." دیده می‌شود
    When مشتری صفحه "/betterme/1" را باز می‌کند
    Then متن "این آزمون حدود ۱ دقیقه طول می‌کشد." دیده می‌شود
    When مشتری صفحه "/psychology/1" را باز می‌کند
    Then متن "این آزمون حدود ۵ دقیقه طول می‌کشد." دیده می‌شود
    When مشتری صفحه "/form/f1" را باز می‌کند
    Then متن "سوال کوتاه دارد" دیده می‌شود

  # The page's clock is held by the test, so the times are the page's timers' own, whatever the machine's load.
  # The circle's 99 steps of 12.5 ms may each be floored to 12 ms.
  @ui @CT-01 @CT-02
  Scenario: ثابت- دایره بارگذاری در ۱٫۲۵ ثانیه از ۱ تا ۱۰۰ درصد می‌رود و فهرست هر ۱٫۲۵ ثانیه یک پیام کم می‌کند
    Given سرور پرسشنامه‌ها در دسترس است
    And بازدیدکننده پیش‌تر این پاسخ‌ها را داده است: '{"bm_f1":"FEMALE","bm_f2":"LOSE_WEIGHT","bm_f3":"30Year","bm_f4":"Both","bm_f5":"Low_Metabolism","bm_f6":"None","bm_f7":"Housewife","bm_f9":"House","bm_f10":"7Hour","bm_f11":"Tea","bm_f12":["Dairy"],"bm_f13":"Effort","bm_f14":165,"bm_f15":72,"bm_f16":60,"bm_f17":"None"}'
    When مشتری صفحه "/prepare-result" را باز می‌کند و صفحه بارگذاری از آغاز ثبت می‌شود
    Then دایره پیشرفت گام به گام از ۱ تا ۱۰۰ درصد می‌رود و درصد را با رقم فارسی می‌نویسد
    And دایره پیشرفت دست‌کم 1188 و حداکثر 1238 میلی‌ثانیه پس از ۱ درصد به ۱۰۰ درصد می‌رسد
    And فهرست بارگذاری از 7 پیام هر بار یکی کم می‌شود تا یک پیام بماند، هر بار دست‌کم 1250 و حداکثر 1255 میلی‌ثانیه پس از قبلی
    And کدری پیام‌های فهرست بارگذاری بر اساس جایگاه "1, 0.9, 0.9, 0.75, 0.6, 0.6, 0.1" است

  # One toast shows one entry; the container names how many entries the toasts are drawn from.
  @ui @CT-07
  Scenario: ثابت- اعلان خرید دیگران از ۱۰۰ نمونه با نام، بسته و خرید تازه یا تمدید ساخته می‌شود
    Given مشتری با شماره "09121234567" وارد شده است
    When مشتری صفحه "/select-package-c" را باز می‌کند
    Then اعلان خرید دیگران از 100 نمونه خرید برمی‌آید
    And اعلان خرید دیگران نام، بسته و خرید تازه یا تمدید یک نمونه را می‌گوید

  # No screen of the spec changes with the Ramadan flag (spec 2 §3 only lists it; the Ramadan offer of bm2_15 is a step
  # no flow reaches), so its reading shows where every flag's does: the visit session's meta. The session-storage value
  # wins over the window's.
  @ui @CT-14
  Scenario: ثابت- پرچم رمضان از مقدار سراسری پنجره و پیش از آن از حافظه جلسه خوانده و در جلسه بازدید نوشته می‌شود
    Given فروشگاه کاتالوگ نمایشی را دارد
    When مشتری صفحه "/result" را باز می‌کند
    Then جلسه بازدید ساخته و در حافظه جلسه ذخیره شده است
    When در پنجره مرورگر مقدار سراسری "isRamazanEnabled" برابر "true" است
    And مشتری در همین صفحه به "/result?isOperatorTheme=true" می‌رود
    Then جلسه بازدید با "isRamazanEnabled" برابر "true" به‌روز شده است
    When مقدار "isRamazanEnabled" در حافظه جلسه "false" می‌شود
    And مشتری در همین صفحه به "/result?isOperatorTheme=false" می‌رود
    Then جلسه بازدید با "isRamazanEnabled" برابر "false" به‌روز شده است

  # The testimonials are the toast's sample purchases: clicking one changes nothing, and the order holds only what the
  # customer chose.
  @ui @CT-20
  Scenario: ثابت- نمونه‌های اعلان خرید دیگران بسته‌های یک، سه یا شش ماهه‌اند و فقط دیده می‌شوند، نه به سبد می‌روند نه به سفارش
    Given مشتری با شماره "09121234567" وارد شده است
    When مشتری صفحه "/select-package-c" را باز می‌کند
    Then اعلان خرید دیگران بسته‌ای یک، سه یا شش ماهه را می‌گوید و چیزی برای زدن ندارد
    When مشتری روی اعلان خرید دیگران می‌زند
    And مشتری محصول 102 را انتخاب می‌کند
    And مشتری دکمه پایین صفحه را می‌زند
    And بازدیدکننده دکمه "additional-complete" را می‌زند
    Then مشتری به مسیر "/checkout-new" می‌رسد
    And سفارش در حافظه جلسه محصولات "102" را دارد

  # The titles name no length, so the label can only come from each package's count.
  @ui @CT-15
  Scenario: ثابت- کارت هر بسته مدت آن را به ماه می‌گوید
    Given فروشگاه این محصولات را دارد:
      | id | type   | title      | count |
      | 1  | DIET   | رژیم پایه  | 1     |
      | 2  | DIET   | رژیم کامل  | 3     |
      | 3  | BUNDLE | بسته همراه | 6     |
    And مشتری با شماره "09121234567" وارد شده است
    When مشتری صفحه "/select-package-c" را باز می‌کند
    Then کارت محصول 1 مدت "۱ ماهه" را نشان می‌دهد
    And کارت محصول 2 مدت "۳ ماهه" را نشان می‌دهد
    And کارت محصول 3 مدت "۶ ماهه" را نشان می‌دهد

  # The landing value is read from session storage, not only from the address; NOWRUZ has no page of its own in the
  # spec, so the shop shows its usual list for it.
  @ui @CT-10
  Scenario: ثابت- مقدار لندینگ از حافظه جلسه خوانده می‌شود: KONKUR یک بسته و NOWRUZ فهرست معمول را نشان می‌دهد
    Given مشتری با شماره "09121234567" وارد شده است
    And در حافظه جلسه "landing" برابر "KONKUR" است
    When مشتری صفحه "/select-package-c" را باز می‌کند
    Then کارت‌های محصول به این ترتیب‌اند: "101"
    When مشتری صفحه "/select-package-c?landing=NOWRUZ" را از نو باز می‌کند
    Then در حافظه جلسه "landing" برابر "NOWRUZ" است
    And کارت‌های محصول به این ترتیب‌اند: "112, 101, 111, 102, 103, 113, 121, 131, 132, 141"

  @CT-11 @in-process
  Scenario Outline: ثابت- کاتالوگ نوع <type> را می‌شناسد و نوع ناشناخته را نمی‌پذیرد
    Given فروشگاه این محصولات را دارد:
      | id | type             | count | tags             |
      | 1  | DIET             | 1     | DIET             |
      | 2  | BUNDLE           | 3     | DIET             |
      | 3  | TAG              |       | DIET             |
      | 4  | PARTNER_DISCOUNT |       | PARTNER_DISCOUNT |
      | 5  | MENTOR           | 1     | MENTOR           |
    When بازدیدکننده فهرست محصولات را با فیلتر '{"productType": "<type>", "meta.tags": null}' می‌گیرد
    Then شناسه محصولات به این ترتیب است: "<id>"
    And نوع محصولات فهرست به ترتیب "<type>" است
    When بازدیدکننده فهرست محصولات را با فیلتر '{"productType": "KONKUR"}' می‌گیرد
    Then پاسخ خطای 400 با کد "400" و پیام "فیلتر جستجوی محصولات معتبر نیست." است
    And جزئیات خطا "productType" را نام می‌برد

    Examples: the shop's types
      | type             | id |
      | DIET             | 1  |
      | BUNDLE           | 2  |
      | TAG              | 3  |
      | PARTNER_DISCOUNT | 4  |

    Examples: the questionnaire catalogue's add-on type
      | type   | id |
      | MENTOR | 5  |

  @ui @CT-18 @CT-19
  Scenario: ثابت- بخش ورزش فرم درخواست رژیم ۱ تا ۷ روز، مدت نیم تا ۴ ساعت و سه بازه شدت را به فارسی پیشنهاد می‌کند
    Given سرور پرسشنامه‌ها در دسترس است
    And در حافظه جلسه "diet_request_answers" برابر '{"gender":"FEMALE","exerciseDays":"3"}' است
    When مشتری صفحه "/form/f7" را باز می‌کند
    Then گزینه‌های پرسش "exerciseDays" به ترتیب "ورزش نمی‌کنم | ۱ روز | ۲ روز | ۳ روز | ۴ روز | ۵ روز | ۶ روز | ۷ روز" است
    And گزینه‌های پرسش "exerciseDuration" به ترتیب "نیم ساعت | ۱ ساعت | ۱ ساعت و نیم | ۲ ساعت | ۳ ساعت | ۴ ساعت" است
    And گزینه‌های پرسش "trainingIntensity" به ترتیب "۴۰ تا ۶۰ درصد | ۶۰ تا ۸۰ درصد | ۸۰ تا ۱۰۰ درصد" است

  @CT-18 @CT-19
  Scenario Outline: ثابت- سرور در بخش ورزش فقط روز، مدت و شدت پیشنهادشده را می‌پذیرد: <answers>
    Given سرور پرسشنامه‌ها در دسترس است
    When بازدیدکننده پاسخ‌های "diet-request" را با '<answers>' تا مرحله "f7" می‌فرستد
    Then <outcome>

    Examples:
      | answers                                                                        | outcome                                                         |
      | {"exerciseDays":"1","exerciseDuration":"0:30","trainingIntensity":"40_60"}     | پاسخ‌ها پذیرفته می‌شوند                                          |
      | {"exerciseDays":"7","exerciseDuration":"4:00","trainingIntensity":"80_100"}    | پاسخ‌ها پذیرفته می‌شوند                                          |
      | {"exerciseDays":"8","exerciseDuration":"1:00","trainingIntensity":"60_80"}     | پاسخ‌ها با پیام "exerciseDays: unknown option 8" رد می‌شوند       |
      | {"exerciseDays":"3","exerciseDuration":"5:00","trainingIntensity":"60_80"}     | پاسخ‌ها با پیام "exerciseDuration: unknown option 5:00" رد می‌شوند |
      | {"exerciseDays":"3","exerciseDuration":"2:30","trainingIntensity":"60_80"}     | پاسخ‌ها با پیام "exerciseDuration: unknown option 2:30" رد می‌شوند |
      | {"exerciseDays":"3","exerciseDuration":"1:00","trainingIntensity":"90_100"}    | پاسخ‌ها با پیام "trainingIntensity: unknown option 90_100" رد می‌شوند |

  # Bounds are inclusive; below a borderline band reads normal, above it out of range.
  @ui @CT-17
  Scenario: ثابت- کنار قند، تری‌گلیسیرید، کلسترول و اسید اوریک برچسب مرزی در بازه‌های مرزی و خود مرزها می‌آید
    Given سرور پرسشنامه‌ها در دسترس است
    And در حافظه جلسه "diet_request_answers" برابر '{"gender":"FEMALE","hasBloodTest":"YES"}' است
    When مشتری صفحه "/form/f6" را باز می‌کند
    And بازدیدکننده در پرسش "glucose" مقدار "99.9" را می‌نویسد
    Then برچسب مقدار پرسش "glucose" "طبیعی" است
    When بازدیدکننده در پرسش "glucose" مقدار "100" را می‌نویسد
    Then برچسب مقدار پرسش "glucose" "مرزی" است
    When بازدیدکننده در پرسش "glucose" مقدار "115" را می‌نویسد
    Then برچسب مقدار پرسش "glucose" "مرزی" است
    When بازدیدکننده در پرسش "glucose" مقدار "115.1" را می‌نویسد
    Then برچسب مقدار پرسش "glucose" "خارج از محدوده طبیعی" است
    When بازدیدکننده در پرسش "triglyceride" مقدار "194.9" را می‌نویسد
    Then برچسب مقدار پرسش "triglyceride" "طبیعی" است
    When بازدیدکننده در پرسش "triglyceride" مقدار "195" را می‌نویسد
    Then برچسب مقدار پرسش "triglyceride" "مرزی" است
    When بازدیدکننده در پرسش "triglyceride" مقدار "205.1" را می‌نویسد
    Then برچسب مقدار پرسش "triglyceride" "خارج از محدوده طبیعی" است
    When بازدیدکننده در پرسش "cholesterol" مقدار "230" را می‌نویسد
    Then برچسب مقدار پرسش "cholesterol" "مرزی" است
    When بازدیدکننده در پرسش "cholesterol" مقدار "230.1" را می‌نویسد
    Then برچسب مقدار پرسش "cholesterol" "خارج از محدوده طبیعی" است
    When بازدیدکننده در پرسش "uricAcid" مقدار "6.4" را می‌نویسد
    Then برچسب مقدار پرسش "uricAcid" "طبیعی" است
    When بازدیدکننده در پرسش "uricAcid" مقدار "6.5" را می‌نویسد
    Then برچسب مقدار پرسش "uricAcid" "مرزی" است
    When بازدیدکننده در پرسش "uricAcid" مقدار "7.1" را می‌نویسد
    Then برچسب مقدار پرسش "uricAcid" "مرزی" است
    When بازدیدکننده در پرسش "uricAcid" مقدار "7.2" را می‌نویسد
    Then برچسب مقدار پرسش "uricAcid" "خارج از محدوده طبیعی" است

  @ui @CT-16
  Scenario: ثابت- پلاکت از ۱۵۰۰۰۰ تا ۴۰۰۰۰۰ طبیعی و بیرون از آن خارج از محدوده است
    Given سرور پرسشنامه‌ها در دسترس است
    And در حافظه جلسه "diet_request_answers" برابر '{"gender":"FEMALE","hasBloodTest":"YES"}' است
    When مشتری صفحه "/form/f6" را باز می‌کند
    And بازدیدکننده در پرسش "platelet" مقدار "149999" را می‌نویسد
    Then برچسب مقدار پرسش "platelet" "خارج از محدوده طبیعی" است
    When بازدیدکننده در پرسش "platelet" مقدار "150000" را می‌نویسد
    Then برچسب مقدار پرسش "platelet" "طبیعی" است
    When بازدیدکننده در پرسش "platelet" مقدار "400000" را می‌نویسد
    Then برچسب مقدار پرسش "platelet" "طبیعی" است
    When بازدیدکننده در پرسش "platelet" مقدار "400001" را می‌نویسد
    Then برچسب مقدار پرسش "platelet" "خارج از محدوده طبیعی" است
