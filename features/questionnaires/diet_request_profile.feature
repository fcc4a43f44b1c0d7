Feature: پرونده پزشکی و درخواست رژیم از فرم درخواست رژیم
  After the last section f10 the web sends the medical profile built from the answers (groups general, body,
  special and the fixed location TR, 2170, 107851), then requests the diet; success opens /finish, a failure of
  either call shows the error popup and keeps the answers (spec 3 §3, §4 "Diet actions", §7, §8). Every scenario name
  carries "پرونده-رژیم".

  @QN-65
  Scenario: پرونده-رژیم: پرونده با کشور TR، استان 2170 و شهر 107851 ذخیره می‌شود و رژیم پرداخت‌شده به صدور می‌رود
    Given مشتری "09121234567" دوره "101" را خریده است
    When مشتری "09121234567" پرونده پزشکی گفتگوی "5b0e3a8c-2f4d-4c1e-9a7b-1d2e3f4a5b6c" را می‌فرستد:
      """
      {"general": {"gender": "FEMALE", "marital": "SINGLE"}, "body": {"weight": 72, "stature": 165},
       "special": {"thyroid": "HYPO"}, "countryCode": "TR", "state": 2170, "city": 107851}
      """
    Then پرونده پزشکی گفتگوی "5b0e3a8c-2f4d-4c1e-9a7b-1d2e3f4a5b6c" با کشور "TR"، استان 2170 و شهر 107851 ذخیره شده است
    When مشتری "09121234567" رژیم گفتگوی "5b0e3a8c-2f4d-4c1e-9a7b-1d2e3f4a5b6c" را درخواست می‌کند
    Then رژیم با شماره‌ای در وضعیت "ISSUING" درخواست شده است
    When مشتری "09121234567" رژیم گفتگوی "5b0e3a8c-2f4d-4c1e-9a7b-1d2e3f4a5b6c" را درخواست می‌کند
    Then رژیم با شماره‌ای در وضعیت "ISSUING" درخواست شده است
    And وضعیت رژیم فعال مشتری "09121234567" "ISSUING" است و 1 رژیم صادر شده است

  Scenario: پرونده-رژیم: بدون رژیم پرداخت‌شده در انتظار پاسخ، درخواست رژیم با پیام فارسی رد می‌شود
    Given مشتری "09121234567" سفارش پرداخت‌نشده "101" دارد
    When مشتری "09121234567" پرونده پزشکی گفتگوی "5b0e3a8c-2f4d-4c1e-9a7b-1d2e3f4a5b6c" را می‌فرستد:
      """
      {"general": {"gender": "MALE"}, "countryCode": "TR", "state": 2170, "city": 107851}
      """
    And مشتری "09121234567" رژیم گفتگوی "5b0e3a8c-2f4d-4c1e-9a7b-1d2e3f4a5b6c" را درخواست می‌کند
    Then درخواست رژیم با کد "NO_DIET_AWAITING_ANSWERS" و پیام "رژیم پرداخت‌شده‌ای که در انتظار پاسخ به سوالات باشد ندارید؛ لطفا ابتدا رژیم خود را خریداری کنید." رد می‌شود
    And وضعیت رژیم فعال مشتری "09121234567" "TRANSACTION_WATING" است و 0 رژیم صادر شده است

  @ui @QN-65 @ER-61 @DS-26
  Scenario: پرونده-رژیم: مشتری‌ای که رژیم خریده f10 را تایید می‌کند، پرونده با مکان ثابت ثبت می‌شود و /finish باز می‌شود
    Given مشتری "09121234567" دوره "101" را خریده است
    And مشتری با شماره "09121234567" وارد شده است
    And در حافظه جلسه "diet_request_answers" برابر '{"gender":"FEMALE","weight":72,"stature":165,"thyroid":"HYPO","marital":"SINGLE","education":"BACHELOR","blood":"O+","birthDate":"1991-03-21","job":"معلم","city":"تبریز"}' است
    When مشتری صفحه "/form/f10" را باز می‌کند
    And بازدیدکننده دکمه ادامه پرسشنامه را می‌زند
    And بازدیدکننده دکمه "diet-request-confirm" را می‌زند
    Then مشتری به مسیر "/finish" می‌رسد
    And پرونده پزشکی مشتری "09121234567" با کشور "TR"، استان 2170 و شهر 107851 و وزن 72 ذخیره شده است
    And وضعیت رژیم فعال مشتری "09121234567" "ISSUING" است و 1 رژیم صادر شده است

  @ui @ER-61
  Scenario: پرونده-رژیم: بدون رژیم پرداخت‌شده تایید f10 پنجره خطا را نشان می‌دهد، در f10 می‌ماند و پاسخ‌ها می‌مانند
    Given مشتری با شماره "09121234567" وارد شده است
    And در حافظه جلسه "diet_request_answers" برابر '{"gender":"MALE","marital":"SINGLE","education":"BACHELOR","blood":"O+","birthDate":"1991-03-21","job":"معلم","city":"تبریز"}' است
    When مشتری صفحه "/form/f10" را باز می‌کند
    And بازدیدکننده دکمه ادامه پرسشنامه را می‌زند
    And بازدیدکننده دکمه "diet-request-confirm" را می‌زند
    Then بخش "diet-request-error" نوشته "رژیم پرداخت‌شده‌ای که در انتظار پاسخ به سوالات باشد ندارید؛ لطفا ابتدا رژیم خود را خریداری کنید." را دارد
    And مشتری به مسیر "/form/f10" می‌رسد
    And پاسخ‌های فرم درخواست رژیم در حافظه جلسه مانده است: '{"gender":"MALE","marital":"SINGLE","job":"معلم"}'
    And وضعیت رژیم فعال مشتری "09121234567" "TRANSACTION_WATING" است و 0 رژیم صادر شده است
