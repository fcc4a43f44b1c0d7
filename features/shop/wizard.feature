@ui
Feature: انتخاب بسته در چند مرحله (select-package-f)
  The wizard loads its pages from GET /lemonade/api/limoo-integrations/config/{configId}, keeps one choice per
  page in session sPFCartItems and guards its page numbers (spec 2 §2–§5; demo wizard SELECT_PACKAGE_F_PRODUCTS
  has two pages: programme length, then the matching personal mentor).

  @RG-44
  Scenario: پیکربندی از configId پرس‌وجو می‌آید و بدون آن SELECT_PACKAGE_F_PRODUCTS است
    Given مشتری با شماره "09121234567" وارد شده است
    When مشتری صفحه "/select-package-f/1" را باز می‌کند
    Then گزینه‌های این مرحله به این ترتیب‌اند: "101, 102, 103, 111, 112"
    When مشتری صفحه "/select-package-f/1?configId=SELECT_F_RECOVER_AFTER_PROF" را باز می‌کند
    Then گزینه‌های این مرحله به این ترتیب‌اند: "211, 212"

  @RG-41 @RG-42 @RG-43
  Scenario: شماره مرحله نادرست یا مرحله بدون انتخاب قبلی به مرحله اول برمی‌گردد
    Given مشتری با شماره "09121234567" وارد شده است
    When مشتری صفحه "/select-package-f/abc" را باز می‌کند
    Then مشتری به آدرس "/select-package-f/1?x=x" می‌رسد
    When مشتری صفحه "/select-package-f/5" را باز می‌کند
    Then مشتری به آدرس "/select-package-f/1" می‌رسد
    And گزینه‌های این مرحله به این ترتیب‌اند: "101, 102, 103, 111, 112"
    When مشتری صفحه "/select-package-f/2" را باز می‌کند
    Then مشتری به آدرس "/select-package-f/1" می‌رسد

  @RG-43
  Scenario: مرحله دوم با انتخاب ذخیره‌شده مرحله اول باز می‌شود
    Given مشتری با شماره "09121234567" وارد شده است
    And در حافظه جلسه "sPFCartItems" برابر '{"1":103}' است
    When مشتری صفحه "/select-package-f/2" را باز می‌کند
    Then مشتری به مسیر "/select-package-f/2" می‌رسد
    And گزینه‌های این مرحله به این ترتیب‌اند: "153"

  @RG-52 @PR-12 @PR-01 @PM-31
  Scenario: پایین صفحه محصولات انتخاب‌شده را نشان می‌دهد و مرحله دوم دکمه بازگشت دارد
    Given مشتری با شماره "09121234567" وارد شده است
    When مشتری صفحه "/select-package-f/1" را باز می‌کند
    And مشتری گزینه 102 را انتخاب می‌کند
    Then پایین مرحله این محصولات را نشان می‌دهد: "102"
    And قیمت محصول 102 در پایین مرحله "۹۹۰٬۰۰۰ تومان" است
    And پایین مرحله جمع ندارد
    And اعلان خرید دیگران در این مرحله هست و نوار بالای مرحله نیست
    And دکمه مرحله "مرحله بعد" است
    When مشتری دکمه مرحله را می‌زند
    Then مشتری به مسیر "/select-package-f/2" می‌رسد
    And گزینه‌های این مرحله به این ترتیب‌اند: "152"
    And نوار بالای مرحله دکمه بازگشت دارد و اعلان خرید دیگران نیست
    And پایین مرحله این محصولات را نشان می‌دهد: "102, 152"
    And جمع پایین مرحله "۱٬۴۸۰٬۰۰۰ تومان" است
    And دکمه مرحله "تکمیل خرید" است
    When مشتری دکمه بازگشت مرحله را می‌زند
    Then مشتری به مسیر "/select-package-f/1" می‌رسد
    And گزینه 102 انتخاب شده است

  @PM-31
  Scenario: تکمیل خرید در مرحله آخر سفارش محصولات انتخاب‌شده را می‌سازد
    Given مشتری با شماره "09121234567" وارد شده است
    When مشتری صفحه "/select-package-f/1" را باز می‌کند
    And مشتری گزینه 103 را انتخاب می‌کند
    And مشتری دکمه مرحله را می‌زند
    Then مشتری به مسیر "/select-package-f/2" می‌رسد
    And دکمه مرحله "تکمیل خرید" است
    When مشتری دکمه مرحله را می‌زند
    Then مشتری به مسیر "/checkout-new" می‌رسد
    And سفارش در حافظه جلسه محصولات "103, 153" را دارد

  @RG-45 @RG-46
  Scenario: مشتری خارجی پیکربندی خارجی متناظر را می‌بیند و پیکربندی خارجی نگه داشته می‌شود
    Given مشتری خارجی "+905321234567" وارد شده است
    When مشتری صفحه "/select-package-f/1?configId=SELECT_F_AFTER_PROF" را باز می‌کند
    Then گزینه‌های این مرحله به این ترتیب‌اند: "311, 312"
    When مشتری صفحه "/select-package-f/1" را باز می‌کند
    Then گزینه‌های این مرحله به این ترتیب‌اند: "301, 302, 303"
    When مشتری صفحه "/select-package-f/1?configId=SELECT_PACKAGE_F_PRODUCTS" را باز می‌کند
    Then گزینه‌های این مرحله به این ترتیب‌اند: "301, 302, 303"
    When مشتری صفحه "/select-package-f/1?configId=SELECT_PACKAGE_F_FOREIGN_AFTER_PROF" را باز می‌کند
    Then گزینه‌های این مرحله به این ترتیب‌اند: "311, 312"
