@ui
Feature: زبان صفحه‌ها: فارسی به‌طور پیش‌فرض و ترکی برای فرم‌هایی که متن ترکی دارند
  The app opens in Persian, right to left; `?lang=tr` in the address switches to Turkish (left to right) and the choice
  holds for the rest of the session (spec 1 §1, spec 3 §9). The questionnaires (betterme, good-looking, nowruz,
  psychology, konkur) show their questions and options in Turkish then, and the detailed diet-request form has a
  Turkish text, including its server-connection error popup (spec 3 §2, §8). Every scenario name carries "زبان-صفحه".

  @CT-05
  Scenario: زبان-صفحه فارسی پیش‌فرض است و ترکی با lang=tr انتخاب و در جلسه نگه داشته می‌شود
    Given سرور پرسشنامه‌ها در دسترس است
    When مشتری صفحه "/form/f1" را باز می‌کند
    Then صفحه به زبان fa و با جهت rtl است
    And متن "بخش ۱ از ۱۰" دیده می‌شود
    When مشتری صفحه "/form/f1?lang=tr" را باز می‌کند
    Then صفحه به زبان tr و با جهت ltr است
    And متن "Bölüm 1 / 10" دیده می‌شود
    When مشتری صفحه "/form/f2" را باز می‌کند
    Then صفحه به زبان tr و با جهت ltr است
    When مشتری صفحه "/form/f2?lang=fa" را باز می‌کند
    Then صفحه به زبان fa و با جهت rtl است

  @ER-40 @CT-05
  Scenario: زبان-صفحه پنجره خطای ارتباط با سرور به ترکی دکمه Yeniden deneyin دارد و می‌گوید پاسخ‌ها ذخیره شده‌اند
    Given سرور پرسشنامه‌ها در دسترس است
    And در حافظه جلسه "diet_request_answers" برابر '{"marital":"SINGLE","education":"BACHELOR","blood":"O+","birthDate":"1991-03-21","job":"معلم","city":"تبریز"}' است
    When مشتری صفحه "/form/f10?lang=tr" را باز می‌کند
    And بازدیدکننده دکمه ادامه پرسشنامه را می‌زند
    Then بخش "diet-request-declaration" دیده می‌شود
    When پایگاه داده فروشگاه از دسترس خارج می‌شود
    And بازدیدکننده دکمه "diet-request-confirm" را می‌زند
    Then بخش "diet-request-error" نوشته "Önceki cevaplarınız kaydedildi" را دارد
    And متن "Sunucu bağlantı hatası" دیده می‌شود
    And متن "Yeniden deneyin" دیده می‌شود
    And مشتری به مسیر "/form/f10" می‌رسد

  @CT-05
  Scenario: زبان-صفحه پرسشنامه با lang=tr پرسش و گزینه‌ها را به ترکی نشان می‌دهد
    Given سرور پرسشنامه‌ها در دسترس است
    When مشتری صفحه "/betterme/1?lang=tr" را باز می‌کند
    Then صفحه به زبان tr و با جهت ltr است
    And متن "Cinsiyetinizi seçin" دیده می‌شود
    And متن "Kadın" دیده می‌شود
    When بازدیدکننده گزینه "FEMALE" را انتخاب می‌کند
    Then متن "Diyet yapmaktaki asıl amacınız nedir?" دیده می‌شود
    And متن "Kilo vermek" دیده می‌شود
