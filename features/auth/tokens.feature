@ui
Feature: توکن ورود در مرورگر
  The token in local storage: expiry, the lemonadeToken cookie, and renewal by verify with the refresh
  cookie the BFF set at sign-in (spec 1 §3, §4, §6; DECISIONS "Sign-in").

  @AU-40 @AU-41
  Scenario: توکن منقضی در شروع برنامه با یک درخواست تمدید جایگزین می‌شود
    Given مشتری با شماره "09121234567" از پنجره ورود وارد شده است
    When توکن ذخیره‌شده منقضی شده است
    And مشتری صفحه "/select-package-c" را از نو باز می‌کند
    Then توکن تازه و معتبری جای توکن قبلی ذخیره شده است
    And برنامه 1 بار توکن را تمدید کرده است
    And مشتری به مسیر "/select-package-c" می‌رسد
    And متن "انتخاب دوره" دیده می‌شود

  @AU-42
  Scenario: کوکی lemonadeToken به حافظه محلی منتقل می‌شود و مشتری وارد است
    Given کوکی lemonadeToken توکن معتبر مشتری "09121234567" را دارد
    When مشتری صفحه "/select-package-c" را از نو باز می‌کند
    Then توکن ذخیره‌شده همان توکن کوکی است
    And مشتری به مسیر "/select-package-c" می‌رسد
    And متن "انتخاب دوره" دیده می‌شود

  @AU-44 @AU-45
  Scenario: پاسخ ۴۰۱ به درخواست نگهبان با تمدید توکن و یک تلاش دوباره جبران می‌شود
    Given مشتری با شماره "09121234567" از پنجره ورود وارد شده است
    When سرور توکن ذخیره‌شده را دیگر نمی‌پذیرد
    And مشتری صفحه "/select-package-c" را باز می‌کند
    Then توکن تازه و معتبری جای توکن قبلی ذخیره شده است
    And برنامه 1 بار توکن را تمدید کرده است
    And مشتری به مسیر "/select-package-c" می‌رسد
    And متن "انتخاب دوره" دیده می‌شود

  @RG-49
  Scenario: پاسخ ۴۰۱ وقتی تمدید هم پذیرفته نمی‌شود مشتری را به ورود با آدرس فعلی می‌فرستد
    Given مشتری با شماره "09121234567" وارد شده است
    When سرور توکن ذخیره‌شده را دیگر نمی‌پذیرد
    And مشتری صفحه "/select-package-c?utm_source=sms" را باز می‌کند
    Then آدرس صفحه "/select-package-c?utm_source=sms" را در پارامتر next دارد
    And حافظه مرورگر خالی است
