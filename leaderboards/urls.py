app_name = "leaderboards"

urlpatterns: list = []
