@ui
Feature: هدایت مشتری دارای سفارش پروفایل
  The package pages' guards read GET /lemonade/api/orders/profile-orders: a paid order of a product whose meta
  dietType is PROF or AFTER_PROF sends the customer to wizard page 1 with the matching config (spec 1 §2). Here the
  orders are real: the customer's points bring them to 0 and finalize-order pays them.

  Background:
    Given مشتری "09121234567" با 1490 امتیاز ثبت‌نام کرده است

  Scenario Outline: صفحه انتخاب بسته مشتری دارای سفارش پروفایل را به مرحله اول با configId می‌برد
    Given مشتری "09121234567" سفارشی از محصولات "<product>" ساخته است
    And مشتری "09121234567" امتیازش را روی سفارش "<product>" گذاشته است
    And مشتری "09121234567" سفارش "<product>" را نهایی کرده است
    And مشتری "09121234567" در مرورگر وارد شده است
    When مشتری صفحه "<page>" را باز می‌کند
    Then مشتری به آدرس "/select-package-f/1?configId=<config>" می‌رسد
    And گزینه‌های این مرحله به این ترتیب‌اند: "<options>"

    @RG-17
    Examples: سفارش PROF در صفحه C
      | product | page              | config              | options       |
      | 111     | /select-package-c | SELECT_F_AFTER_PROF | 201, 202, 203 |

    @RG-18
    Examples: سفارش AFTER_PROF در صفحه C
      | product | page              | config                      | options  |
      | 203     | /select-package-c | SELECT_F_RECOVER_AFTER_PROF | 211, 212 |

    @RG-19
    Examples: صفحه F همان هدایت‌ها را دارد
      | product | page                | config                      | options       |
      | 111     | /select-package-f/1 | SELECT_F_AFTER_PROF         | 201, 202, 203 |
      | 203     | /select-package-f/1 | SELECT_F_RECOVER_AFTER_PROF | 211, 212      |

  @RG-20
  Scenario: با noRedirect=true صفحه C مشتری دارای سفارش پروفایل را نگه می‌دارد
    Given مشتری "09121234567" سفارشی از محصولات "111" ساخته است
    And مشتری "09121234567" امتیازش را روی سفارش "111" گذاشته است
    And مشتری "09121234567" سفارش "111" را نهایی کرده است
    And مشتری "09121234567" در مرورگر وارد شده است
    When مشتری صفحه "/select-package-c?noRedirect=true" را باز می‌کند
    Then کارت محصول 112 انتخاب شده است
    And مشتری به آدرس "/select-package-c?noRedirect=true" می‌رسد

  @RG-20
  Scenario: با noRedirect=true صفحه F مشتری دارای سفارش پروفایل را نگه می‌دارد
    Given مشتری "09121234567" سفارشی از محصولات "203" ساخته است
    And مشتری "09121234567" امتیازش را روی سفارش "203" گذاشته است
    And مشتری "09121234567" سفارش "203" را نهایی کرده است
    And مشتری "09121234567" در مرورگر وارد شده است
    When مشتری صفحه "/select-package-f/1?noRedirect=true" را باز می‌کند
    Then گزینه‌های این مرحله به این ترتیب‌اند: "101, 102, 103, 111, 112"
    And مشتری به آدرس "/select-package-f/1?noRedirect=true" می‌رسد

  @RG-21
  Scenario: با configId در پرس‌وجو هدایت سفارش پروفایل انجام نمی‌شود
    Given مشتری "09121234567" سفارشی از محصولات "111" ساخته است
    And مشتری "09121234567" امتیازش را روی سفارش "111" گذاشته است
    And مشتری "09121234567" سفارش "111" را نهایی کرده است
    And مشتری "09121234567" در مرورگر وارد شده است
    When مشتری صفحه "/select-package-f/1?configId=SELECT_PACKAGE_F_PRODUCTS" را باز می‌کند
    Then گزینه‌های این مرحله به این ترتیب‌اند: "101, 102, 103, 111, 112"
    And مشتری به آدرس "/select-package-f/1?configId=SELECT_PACKAGE_F_PRODUCTS" می‌رسد
    When مشتری صفحه "/select-package-c?configId=SELECT_PACKAGE_F_PRODUCTS" را باز می‌کند
    Then کارت محصول 112 انتخاب شده است
    And مشتری به آدرس "/select-package-c?configId=SELECT_PACKAGE_F_PRODUCTS" می‌رسد
