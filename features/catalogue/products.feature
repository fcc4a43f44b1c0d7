Feature: فهرست محصولات فروشگاه
  GET /lemonade/api/products filters the catalogue by its `where` object and returns it sorted
  by the catalogue rule (spec 2 §7, spec 3 §7 and §9).

  Background:
    Given فروشگاه این محصولات را دارد:
      | id | type             | count | code    | showOrder | tags                   | enabled | campaigns | metaType         |
      | 1  | DIET             | 3     | NORMAL  |           | DIET                   |         |           |                  |
      | 2  | DIET             | 1     | PREMIUM |           | DIET                   |         |           |                  |
      | 3  | DIET             | 1     | NORMAL  |           | DIET                   |         |           |                  |
      | 4  | DIET             | 6     | PREMIUM |           | DIET                   |         |           |                  |
      | 5  | DIET             | 3     | PREMIUM |           | DIET                   |         |           |                  |
      | 6  | BUNDLE           | 3     | NORMAL  | 1000001   | DIET                   |         |           |                  |
      | 7  | TAG              |       |         | 1000000   | DIET                   |         |           |                  |
      | 8  | DIET             | 12    | NORMAL  | 5         | DIET                   |         |           |                  |
      | 9  | DIET             | 1     | NORMAL  |           | DIET                   | no      |           |                  |
      | 10 | DIET             | 1     | NORMAL  |           | KONKUR                 |         |           |                  |
      | 11 | BUNDLE           | 1     | NORMAL  |           | PARTNER_DISCOUNT       |         |           | PARTNER_DISCOUNT |
      | 12 | DIET             | 1     | NORMAL  |           | DIET                   |         | yalda     |                  |
      | 13 | PARTNER_DISCOUNT |       |         | 999999    | DIET, PARTNER_DISCOUNT |         |           | PARTNER_DISCOUNT |

  @PR-42 @in-process
  Scenario: رژیم‌ها بر اساس تعداد ماه و سپس عادی پیش از ویژه مرتب می‌شوند
    When بازدیدکننده فهرست محصولات را با فیلتر '{"productType": "DIET", "id": {"inq": [1, 2, 3, 4, 5]}}' می‌گیرد
    Then شناسه محصولات به این ترتیب است: "3, 2, 1, 5, 4"

  @PR-41 @PR-42 @in-process
  Scenario: محصول بدون showOrder مقدار ۱۰۰۰۰۰۰ می‌گیرد
    When بازدیدکننده فهرست محصولات را با فیلتر '{"id": {"inq": [3, 6, 7, 8, 13]}}' می‌گیرد
    Then شناسه محصولات به این ترتیب است: "8, 13, 3, 7, 6"

  @PR-43 @in-process
  Scenario: با پرچم filterNormalDiet فقط رژیم‌های ویژه می‌مانند
    When بازدیدکننده فهرست محصولات را با پرچم filterNormalDiet می‌گیرد
    Then شناسه محصولات به این ترتیب است: "13, 2, 5, 4, 7, 6"

  @in-process
  Scenario: بدون فیلتر فقط محصولات برچسب DIET همان سرویس و بدون کمپین می‌آیند
    When بازدیدکننده فهرست محصولات را می‌گیرد
    Then شناسه محصولات به این ترتیب است: "8, 13, 3, 2, 1, 5, 4, 7, 6"

  @in-process
  Scenario Outline: فیلترهای where
    When بازدیدکننده فهرست محصولات را با فیلتر '<filter>' می‌گیرد
    Then شناسه محصولات به این ترتیب است: "<ids>"

    Examples:
      | filter                                                                                   | ids        |
      | {"productType": {"inq": ["BUNDLE", "TAG"]}}                                                | 7, 6       |
      | {"isEnabled": true, "id": {"inq": [3, 9]}}                                                 | 3          |
      | {"isEnabled": false}                                                                     | 9          |
      | {"meta.tags": "KONKUR"}                                                                  | 10         |
      | {"productType": "BUNDLE", "meta.tags": "PARTNER_DISCOUNT", "meta.type": {"like": "PARTNER_DISCOUNT"}} | 11 |
      | {"meta.tags": null, "productType": "BUNDLE"}                                             | 11, 6      |
      | {"service": "OTHER_SHOP"}                                                                |            |

    @CT-04
    Examples: the service name is LIMOO_SHOP and is matched case-insensitively
      | filter                                          | ids |
      | {"service": "LIMOO_SHOP", "id": 3}              | 3   |
      | {"service": "limoo_shop", "id": 3}              | 3   |

  @in-process
  Scenario: محصول ویژه کمپین فقط برای همان کمپین نمایش داده می‌شود
    When بازدیدکننده فهرست محصولات را با کمپین "yalda" می‌گیرد
    Then شناسه محصولات به این ترتیب است: "8, 13, 3, 12, 2, 1, 5, 4, 7, 6"

  @in-process
  Scenario: فیلتر نامعتبر خطای ۴۰۰ با پیام فارسی می‌دهد و چیزی برنمی‌گرداند
    When بازدیدکننده فهرست محصولات را با فیلتر '{"colour": "red"}' می‌گیرد
    Then پاسخ خطای 400 با کد "400" و پیام "فیلتر جستجوی محصولات معتبر نیست." است
    And جزئیات خطا "colour" را نام می‌برد

  @in-process
  Scenario: فیلتری که JSON نیست همان قالب خطا را دارد
    When بازدیدکننده فهرست محصولات را با فیلتر "{not json" می‌گیرد
    Then پاسخ خطای 400 با کد "400" و پیام "فیلتر جستجوی محصولات معتبر نیست." است

  @in-process
  Scenario: آدرس ناشناخته API همان قالب خطا را دارد
    When بازدیدکننده آدرس "/lemonade/api/no-such-thing" را از API می‌خواهد
    Then پاسخ خطای 404 با کد "404" و پیام "آدرس درخواست شده پیدا نشد." است

  @in-process
  Scenario: پارامتر نادرست همان قالب خطا را دارد
    When بازدیدکننده آدرس "/lemonade/api/products?filterNormalDiet=maybe" را از API می‌خواهد
    Then پاسخ خطای 400 با کد "400" و پیام "درخواست ارسال شده معتبر نیست." است
