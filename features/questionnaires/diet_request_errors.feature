@ui
Feature: خطای ارسال فرم درخواست رژیم و فرم تمدید
  A diet request whose send fails shows the error popup and keeps the answers; an extend-diet submit the BFF
  answers with an error shows it and stays on the form (spec 3 §4, §8). The shop's database goes away after the page
  opened, so the BFF itself answers each send with its error body. Every scenario name carries "فروشگاه-قاعده".

  @ER-61
  Scenario: فروشگاه-قاعده ER-61: درخواست رژیمی که ارسالش شکست می‌خورد پنجره خطا را نشان می‌دهد و در همان بخش می‌ماند
    Given سرور پرسشنامه‌ها در دسترس است
    And در حافظه جلسه "diet_request_answers" برابر '{"marital":"SINGLE","education":"BACHELOR","blood":"O+","birthDate":"1991-03-21","job":"معلم","city":"تبریز"}' است
    When مشتری صفحه "/form/f10" را باز می‌کند
    And بازدیدکننده دکمه ادامه پرسشنامه را می‌زند
    Then بخش "diet-request-declaration" دیده می‌شود
    When پایگاه داده فروشگاه از دسترس خارج می‌شود
    And بازدیدکننده دکمه "diet-request-confirm" را می‌زند
    Then بخش "diet-request-error" نوشته "پاسخ‌های قبلی شما ذخیره شده است؛ دوباره تلاش کنید." را دارد
    And متن "خطا در ارتباط با سرور" دیده می‌شود
    And وضعیت بخش "diet-request" "failed" است
    And مشتری به مسیر "/form/f10" می‌رسد

  @ER-62
  Scenario: فروشگاه-قاعده ER-62: فرم تمدیدی که پاسخ سرورش خطا دارد خطا را نشان می‌دهد و به /result نمی‌رود
    Given سرور پرسشنامه‌ها در دسترس است
    When مشتری صفحه "/extend-diet" را باز می‌کند
    And بازدیدکننده گزینه "size_loss" را انتخاب می‌کند
    And بازدیدکننده گزینه "weight_not_changed" را انتخاب می‌کند
    And بازدیدکننده شماره موبایل "9121234567" را در فرم می‌نویسد
    And پایگاه داده فروشگاه از دسترس خارج می‌شود
    And بازدیدکننده دکمه ادامه پرسشنامه را می‌زند
    Then بخش "extend-diet-error" دیده می‌شود
    And وضعیت بخش "extend-diet" "refused" است
    And مسیر تا 3000 میلی‌ثانیه "/extend-diet" می‌ماند
