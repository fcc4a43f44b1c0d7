@ui
Feature: شکست در راه رسیدن به صفحه
  A route guard's call answered 401 after a refused renewal ends the session at /logout instead of the sign-in
  redirect (spec 1 §2, §8).

  @RG-23
  Scenario: شکست مسیر: پاسخ ۴۰۱ تماس نگهبان با تمدید باطل‌شده مشتری را به خروج می‌برد نه به ورود
    Given مشتری با شماره "09121234567" از پنجره ورود وارد شده است
    And اعتبار تمدید ورود مشتری "09121234567" باطل شده است
    When سرور توکن ذخیره‌شده را دیگر نمی‌پذیرد
    And مشتری صفحه "/select-package-c" را باز می‌کند
    Then مشتری به مسیر "/logout" می‌رسد
    And صفحه خروج دیده می‌شود
    And برنامه 1 بار توکن را تمدید کرده است
    And بازدید صفحه "/logout" برای این جلسه ثبت شده است
    And حافظه مرورگر خالی است
