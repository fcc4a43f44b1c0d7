@ui
Feature: مسیرهایی که فقط هدایت می‌کنند
  The hash router's redirect-only routes (spec 1 §2, DECISIONS "Routing").

  Background:
    Given مشتری با شماره "09121234567" وارد شده است

  @RG-01
  Scenario: مسیر ناشناخته به مرحله اول انتخاب بسته می‌رود
    When مشتری صفحه "/no-such-page" را باز می‌کند
    Then مشتری به مسیر "/select-package-f/1" می‌رسد

  @RG-13
  Scenario Outline: صفحه‌های قدیمی انتخاب بسته به مرحله اول می‌روند
    When مشتری صفحه "<route>" را باز می‌کند
    Then مشتری به مسیر "/select-package-f/1" می‌رسد

    Examples:
      | route              |
      | /select-package-a  |
      | /select-package-b  |
      | /select-package-d  |
      | /select-package-e  |
      | /install-tara      |
      | /select-package-f  |

  @RG-14
  Scenario: صفحه دسته به مرحله اول انتخاب بسته می‌رود
    When مشتری صفحه "/select-category-packages/sport" را باز می‌کند
    Then مشتری به مسیر "/select-package-f/1" می‌رسد
