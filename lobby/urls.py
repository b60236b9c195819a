app_name = "lobby"

urlpatterns: list = []
